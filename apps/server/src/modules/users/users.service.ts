import {
  AUTHORITIES,
  AUTHORITY_LABELS,
  type Page,
  type Permission,
  type UserCreateBody,
  type UserDetail,
  type UserRow,
  type UserUpdateBody,
  type userCreateBody,
  type userUpdateBody,
} from '@app/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { hashPassword } from '../../platform/passwords.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { Auth, SessionsService, SessionUser } from '../auth/sessions.service.ts';
import { DuplicateEmailError, type UserRecord, type UsersRepository } from './users.repository.ts';

export const USER_MESSAGES = {
  emailTaken: 'Používateľ s týmto e-mailom už existuje',
  adminOnly: 'Administrátora môže vytvoriť, upraviť alebo deaktivovať iba administrátor',
  selfDeactivation: 'Nemôžete deaktivovať sám seba',
  notFound: 'Používateľ sa nenašiel',
  alreadyVerified: 'Používateľ už má aktivovaný účet',
  inactive: 'Používateľ je deaktivovaný',
  deactivated: 'Používateľ bol úspešne deaktivovaný',
  resent: 'Používatelovi bol úspešne odoslaný nový aktivačný email',
  activationNotSent:
    'Používateľ bol vytvorený, ale aktivačný email sa nepodarilo odoslať. Skúste ho odoslať znova.',
  mailFailed: 'Nepodarilo sa odoslať email',
  adminBadge: 'Administrátor',
};

type CreateInput = z.output<typeof userCreateBody>;
type UpdateInput = z.output<typeof userUpdateBody>;

export type { UserCreateBody, UserUpdateBody };

export const presentDetail = (u: UserRecord): UserDetail => ({
  id: u.id,
  firstName: u.firstName,
  lastName: u.lastName,
  email: u.email,
  admin: u.admin,
  active: u.active,
  status: u.status,
  permissions: u.permissions,
});

const presentRow = (u: UserRecord): UserRow => ({
  id: u.id,
  name: `${u.firstName} ${u.lastName}`,
  email: u.email,
  active: u.active,
  admin: u.admin,
  status: u.status,
  permissions: u.admin ? [USER_MESSAGES.adminBadge] : u.permissions.map((p) => AUTHORITY_LABELS[p]),
});

export class UsersService {
  constructor(
    private readonly ctx: AppContext,
    private readonly repo: UsersRepository,
    private readonly sessions: SessionsService,
    private readonly auth: AuthService,
  ) {}

  async table(search: string | undefined, page: number, size: number): Promise<Page<UserRow>> {
    const { content, total } = await this.repo.page(search, page, size);
    return {
      content: content.map(presentRow),
      page,
      totalPages: Math.ceil(total / size),
      totalElements: total,
    };
  }

  async detail(id: number): Promise<UserDetail> {
    return presentDetail(await this.find(id));
  }

  permissions(): Permission[] {
    return AUTHORITIES.map((id) => ({ id, name: AUTHORITY_LABELS[id] }));
  }

  /** The new user, and a warning when the account exists but its activation mail did not go out. */
  async create(actor: SessionUser, body: CreateInput): Promise<{ user: UserDetail; message?: string }> {
    if (body.admin && !actor.admin) throw new AppError(403, 'ADMIN_ONLY', USER_MESSAGES.adminOnly);
    if (await this.repo.emailTaken(body.email))
      throw AppError.conflict('EMAIL_TAKEN', USER_MESSAGES.emailTaken);
    const invite = body.sendAuthorizationEmail;
    const passwordHash = invite || !body.password ? null : await hashPassword(body.password);
    const id = await this.emailUnique(() =>
      this.repo.insert(
        {
          firstName: body.firstName,
          lastName: body.lastName,
          email: body.email,
          passwordHash,
          admin: body.admin,
          active: body.active,
          status: invite ? 'EMAIL_VERIFICATION' : 'ACTIVE',
          changePassword: !invite && body.changePasswordAfterLogin,
          permissions: body.admin ? [] : body.permissions,
        },
        this.ctx.clock.now(),
      ),
    );
    const user = await this.find(id);
    if (invite) {
      try {
        await this.auth.sendActivation(user);
      } catch (err) {
        // The account is created either way; the admin can resend once mail works.
        this.ctx.log.error({ err, to: user.email }, 'Activation mail not sent');
        return { user: presentDetail(user), message: USER_MESSAGES.activationNotSent };
      }
    }
    return { user: presentDetail(user) };
  }

  async update(actorAuth: Auth, id: number, body: UpdateInput): Promise<UserDetail> {
    const actor = actorAuth.user;
    const user = await this.find(id);
    if ((user.admin || body.admin) && !actor.admin)
      throw new AppError(403, 'ADMIN_ONLY', USER_MESSAGES.adminOnly);
    if (actor.id === id && !body.active)
      throw AppError.badRequest('SELF_DEACTIVATION', USER_MESSAGES.selfDeactivation, [
        { field: 'active', message: USER_MESSAGES.selfDeactivation },
      ]);
    if (await this.repo.emailTaken(body.email, id))
      throw AppError.conflict('EMAIL_TAKEN', USER_MESSAGES.emailTaken);
    const passwordHash = body.password ? await hashPassword(body.password) : undefined;
    await this.emailUnique(() =>
      this.repo.update(
        id,
        {
          firstName: body.firstName,
          lastName: body.lastName,
          email: body.email,
          admin: body.admin,
          active: body.active,
          changePassword:
            body.changePasswordAfterLogin || (passwordHash === undefined && user.changePassword),
          permissions: body.admin ? [] : body.permissions,
          passwordHash,
        },
        this.ctx.clock.now(),
      ),
    );
    // The admin chose the password: the account is usable now and no older link may replace it.
    if (passwordHash) await this.auth.voidLinks(id);
    if (!body.active || passwordHash) {
      // An admin who sets their own password here stays signed in where they did it, as with change-password.
      await this.sessions.endAllOf(id, actor.id === id ? actorAuth.tokenHash : undefined);
    }
    if (user.active && !body.active) this.ctx.events.emit('user.deactivated', { userId: id });
    return presentDetail(await this.find(id));
  }

  async resendVerification(actor: SessionUser, email: string): Promise<string> {
    const user = await this.repo.findByEmail(email);
    if (!user) throw AppError.notFound(USER_MESSAGES.notFound);
    if (user.admin && !actor.admin) throw new AppError(403, 'ADMIN_ONLY', USER_MESSAGES.adminOnly);
    if (!user.active) throw AppError.badRequest('USER_INACTIVE', USER_MESSAGES.inactive);
    if (user.status !== 'EMAIL_VERIFICATION')
      throw AppError.badRequest('ALREADY_VERIFIED', USER_MESSAGES.alreadyVerified);
    try {
      await this.auth.sendActivation(user);
    } catch (err) {
      this.ctx.log.error({ err, to: user.email }, 'Activation mail not sent');
      throw new AppError(502, 'MAIL_FAILED', USER_MESSAGES.mailFailed);
    }
    return USER_MESSAGES.resent;
  }

  async deactivate(actor: SessionUser, id: number): Promise<string> {
    const user = await this.find(id);
    if (actor.id === id) throw AppError.badRequest('SELF_DEACTIVATION', USER_MESSAGES.selfDeactivation);
    if (user.admin && !actor.admin) throw new AppError(403, 'ADMIN_ONLY', USER_MESSAGES.adminOnly);
    await this.repo.deactivate(id, this.ctx.clock.now());
    await this.sessions.endAllOf(id);
    if (user.active) this.ctx.events.emit('user.deactivated', { userId: id });
    return USER_MESSAGES.deactivated;
  }

  private async emailUnique<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (err) {
      if (err instanceof DuplicateEmailError)
        throw AppError.conflict('EMAIL_TAKEN', USER_MESSAGES.emailTaken);
      throw err;
    }
  }

  private async find(id: number): Promise<UserRecord> {
    const user = await this.repo.findById(id);
    if (!user) throw AppError.notFound(USER_MESSAGES.notFound);
    return user;
  }
}
