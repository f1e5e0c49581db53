import type { ChangePasswordBody } from '@app/contract';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { activationMail, passwordChangedMail, resetMail } from '../../platform/mail-templates.ts';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../platform/passwords.ts';
import { hashToken, newToken } from '../../platform/tokens.ts';
import type { UserRecord, UsersRepository } from '../users/users.repository.ts';
import type { AuthRepository } from './auth.repository.ts';
import type { LoginLimiter } from './login-limiter.ts';
import { type Auth, type SessionsService, toSessionUser } from './sessions.service.ts';

export const TOKEN_TTL = { RESET: 3600_000, ACTIVATION: 7 * 24 * 3600_000 } as const;

export const AUTH_MESSAGES = {
  badCredentials: 'Nesprávne prihlasovacie údaje!',
  tooManyAttempts: 'Príliš veľa neúspešných pokusov o prihlásenie. Skúste to znova neskôr.',
  resetRequested: 'Ak k tomuto e-mailu existuje účet, poslali sme naň odkaz na obnovu hesla.',
  resetDone: 'Heslo bolo úspešne zmenené. Môžete sa prihlásiť.',
  resetInvalid: 'Odkaz na obnovu hesla je neplatný alebo jeho platnosť vypršala.',
  verificationValid: 'Odkaz je platný.',
  verificationInvalid: 'Aktivačný odkaz je neplatný alebo jeho platnosť vypršala.',
  verificationDone: 'Heslo bolo úspešne nastavené. Môžete sa prihlásiť.',
  verificationExpired: 'Platnosť odkazu vypršala.',
  passwordChanged: 'Vaše heslo bolo úspešne zmenené.',
  wrongOldPassword: 'Pôvodné heslo nie je správne',
  oldPasswordRequired: 'Pôvodné heslo je povinné',
  loggedOut: 'Boli ste odhlásený.',
};

export class AuthService {
  constructor(
    private readonly ctx: AppContext,
    private readonly users: UsersRepository,
    private readonly repo: AuthRepository,
    private readonly sessions: SessionsService,
    private readonly limiter: LoginLimiter,
  ) {}

  /**
   * Every failure (unknown, wrong password, inactive, unverified) answers alike and costs one
   * argon2 verify, so neither the answer nor its timing tells whether an account exists.
   */
  async authenticate(email: string, password: string, remember: boolean, ip: string) {
    if (!(await this.limiter.begin(email, ip)))
      throw new AppError(429, 'TOO_MANY_ATTEMPTS', AUTH_MESSAGES.tooManyAttempts);
    const user = await this.users.findByEmail(email);
    const ok = user?.passwordHash
      ? await verifyPassword(user.passwordHash, password)
      : await verifyAgainstDummy(password);
    if (!user || !ok || !user.active || user.status !== 'ACTIVE') {
      throw new AppError(401, 'BAD_CREDENTIALS', AUTH_MESSAGES.badCredentials);
    }
    // Forgiving the slips and the new session commit together.
    const session = await this.repo.inTransaction(async (repo) => {
      await this.limiter.succeeded(email, ip, repo);
      return this.sessions.create(user.id, remember, repo);
    });
    return { user: toSessionUser(user), ...session };
  }

  /**
   * The old password is asked for unless the account is in a forced change. Wrong guesses count
   * against the same limit as sign-in, so a borrowed session cannot be used to find the password.
   */
  async changePassword(auth: Auth, body: ChangePasswordBody, ip: string): Promise<string> {
    const user = await this.requireUser(auth.user.id);
    if (!user.changePassword) {
      if (!body.oldPassword) {
        throw AppError.badRequest('OLD_PASSWORD_REQUIRED', AUTH_MESSAGES.oldPasswordRequired, [
          { field: 'oldPassword', message: AUTH_MESSAGES.oldPasswordRequired },
        ]);
      }
      if (!(await this.limiter.begin(user.email, ip)))
        throw new AppError(429, 'TOO_MANY_ATTEMPTS', AUTH_MESSAGES.tooManyAttempts);
      if (!user.passwordHash || !(await verifyPassword(user.passwordHash, body.oldPassword))) {
        throw AppError.badRequest('WRONG_OLD_PASSWORD', AUTH_MESSAGES.wrongOldPassword, [
          { field: 'oldPassword', message: AUTH_MESSAGES.wrongOldPassword },
        ]);
      }
    }
    if (!user.changePassword) await this.limiter.succeeded(user.email, ip);
    await this.users.setPassword(user.id, await hashPassword(body.newPassword), this.ctx.clock.now());
    await this.voidLinks(user.id);
    await this.sessions.endAllOf(user.id, auth.tokenHash);
    this.mailLater(passwordChangedMail(user.email, user.firstName));
    return AUTH_MESSAGES.passwordChanged;
  }

  /** Always the same answer; the mail goes out off the request path so timing tells nothing either. */
  async requestReset(email: string): Promise<string> {
    const user = await this.users.findByEmail(email);
    if (user?.active) {
      const token = await this.issueToken(user.id, 'RESET');
      this.mailLater(
        resetMail(
          user.email,
          user.firstName,
          `${this.ctx.config.publicUrl}/change-forgotten-password?code=${token}`,
        ),
      );
    }
    return AUTH_MESSAGES.resetRequested;
  }

  async completeReset(code: string, newPassword: string): Promise<string> {
    const user = await this.consumeToken(code, 'RESET', AUTH_MESSAGES.resetInvalid);
    await this.users.setPassword(user.id, await hashPassword(newPassword), this.ctx.clock.now());
    await this.voidLinks(user.id);
    await this.sessions.endAllOf(user.id);
    this.mailLater(passwordChangedMail(user.email, user.firstName));
    return AUTH_MESSAGES.resetDone;
  }

  async checkVerification(hash: string): Promise<string> {
    const token = await this.repo.findValidToken(hashToken(hash), 'ACTIVATION', this.ctx.clock.now());
    const user = token && (await this.users.findById(token.userId));
    if (!user?.active) throw AppError.badRequest('INVALID_TOKEN', AUTH_MESSAGES.verificationInvalid);
    return AUTH_MESSAGES.verificationValid;
  }

  async finishVerification(hash: string, newPassword: string): Promise<string> {
    const user = await this.consumeToken(hash, 'ACTIVATION', AUTH_MESSAGES.verificationExpired);
    await this.users.setPassword(user.id, await hashPassword(newPassword), this.ctx.clock.now());
    await this.voidLinks(user.id);
    return AUTH_MESSAGES.verificationDone;
  }

  /** Issues an activation link and mails it (user creation and resend). */
  async sendActivation(user: Pick<UserRecord, 'id' | 'email' | 'firstName'>): Promise<void> {
    const token = await this.issueToken(user.id, 'ACTIVATION');
    await this.ctx.mailer.send(
      activationMail(user.email, user.firstName, `${this.ctx.config.publicUrl}/verification?code=${token}`),
    );
  }

  /**
   * A password was just set (by the user or an admin): no older reset or activation link may set
   * another one behind their back.
   */
  voidLinks(userId: number): Promise<void> {
    return this.repo.deleteTokens(userId);
  }

  private async issueToken(userId: number, kind: 'RESET' | 'ACTIVATION'): Promise<string> {
    const token = newToken();
    const now = this.ctx.clock.now();
    await this.repo.replaceToken({
      tokenHash: hashToken(token),
      userId,
      kind,
      createdAt: now,
      expiresAt: now + TOKEN_TTL[kind],
    });
    return token;
  }

  private async consumeToken(
    code: string,
    kind: 'RESET' | 'ACTIVATION',
    invalidMessage: string,
  ): Promise<UserRecord> {
    const tokenHash = hashToken(code);
    const token = await this.repo.findValidToken(tokenHash, kind, this.ctx.clock.now());
    const user = token && (await this.users.findById(token.userId));
    if (!user?.active || !(await this.repo.useToken(tokenHash, this.ctx.clock.now()))) {
      throw AppError.badRequest('INVALID_TOKEN', invalidMessage);
    }
    return user;
  }

  private async requireUser(id: number): Promise<UserRecord> {
    const user = await this.users.findById(id);
    if (!user) throw AppError.unauthorized();
    return user;
  }

  private mailLater(message: Parameters<AppContext['mailer']['send']>[0]) {
    this.ctx.mailer
      .send(message)
      .catch((err) => this.ctx.log.error({ err, to: message.to }, 'Mail not sent'));
  }
}
