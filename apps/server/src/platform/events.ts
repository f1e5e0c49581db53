import { EventEmitter } from 'node:events';
import type { Kysely } from 'kysely';
import type { Database, MediaType } from '../db/types.ts';

export type MediaAssigned = {
  mediaId: number;
  type: MediaType;
  siteId: number;
  siteName: string;
  siteCode: string;
  siteDate: string;
  authorId: number;
  authorName: string;
};

/** Domain events: what one module announces and others react to, without importing each other. */
export type DomainEvents = {
  'user.deactivated': [{ userId: number }];
  /** After the assignment's transaction committed (pushes and other slow work). */
  'media.assigned': [MediaAssigned];
};

/**
 * Work that must commit or fail together with an assignment (the notification rows): run inside
 * the assignment's transaction, before `media.assigned` is emitted.
 */
export type AssignListener = (trx: Kysely<Database>, event: MediaAssigned) => Promise<void>;

export class EventBus {
  private readonly emitter = new EventEmitter();
  readonly assignListeners: AssignListener[] = [];

  on<K extends keyof DomainEvents>(event: K, listener: (...args: DomainEvents[K]) => void | Promise<void>) {
    this.emitter.on(event, listener as (...args: unknown[]) => void);
  }

  /** Listeners run after the caller's work; a failing listener is logged, never thrown back. */
  emit<K extends keyof DomainEvents>(event: K, ...args: DomainEvents[K]): void {
    for (const listener of this.emitter.listeners(event)) {
      Promise.resolve()
        .then(() => (listener as (...a: DomainEvents[K]) => unknown)(...args))
        .catch((err) => this.onError(err, event));
    }
  }

  onError: (err: unknown, event: string) => void = () => {};
}
