import type { Authority } from '@app/contract/web';

/** Who is asking: anything that carries its authorities (an admin's list holds them all). */
export type HasAuthorities = { authorities: readonly string[] } | null | undefined;

/** Spec §6: passes when no authority is required or the user holds it. */
export function hasAuthority(user: HasAuthorities, authority?: Authority | null): boolean {
  if (!authority) return true;
  return !!user && user.authorities.includes(authority);
}

/** Spec §6 list check: passes when the list is empty or any entry is held. */
export function hasAnyAuthority(user: HasAuthorities, authorities?: readonly Authority[] | null): boolean {
  if (!authorities || authorities.length === 0) return true;
  return authorities.some((a) => hasAuthority(user, a));
}

/** A route or menu entry may require one authority or any of several. */
export type Requirement = Authority | readonly Authority[] | undefined;

export function meets(user: HasAuthorities, requirement: Requirement): boolean {
  if (requirement === undefined) return true;
  return typeof requirement === 'string'
    ? hasAuthority(user, requirement)
    : hasAnyAuthority(user, requirement);
}
