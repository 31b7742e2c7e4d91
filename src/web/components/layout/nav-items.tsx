import { ROUTES } from '@shared/routes';
import type { MouseEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { cn } from '../../lib/cn';
import { type SectionId, sectionHref, useSectionLink } from '../../lib/sections';
import { prefetchPage } from '../../pages/registry';

export type NavItem =
  | { kind: 'section'; id: SectionId; label: string }
  | { kind: 'route'; path: string; label: string };

/** Header navigation (spec §2, Home): two section links, then the full-page tools. */
export const NAV_ITEMS: readonly NavItem[] = [
  { kind: 'section', id: 'home', label: 'Home' },
  { kind: 'section', id: 'utilities', label: 'Utilities' },
  ...ROUTES.filter((r) => r.inHeader).map(
    (r): NavItem => ({ kind: 'route', path: r.path, label: r.navLabel }),
  ),
];

type NavItemLinkProps = {
  item: NavItem;
  className: string;
  activeClassName: string;
  /** Called after a click, e.g. to close the mobile menu. */
  onNavigate?: () => void;
};

export function NavItemLink({ item, className, activeClassName, onNavigate }: NavItemLinkProps) {
  const [location] = useLocation();
  const goToSection = useSectionLink();

  if (item.kind === 'section') {
    return (
      <a
        href={sectionHref(item.id)}
        className={className}
        onClick={(e: MouseEvent) => {
          goToSection(item.id, e);
          onNavigate?.();
        }}
      >
        {item.label}
      </a>
    );
  }
  const active = location === item.path;
  return (
    <Link
      href={item.path}
      aria-current={active ? 'page' : undefined}
      className={cn(className, active && activeClassName)}
      onMouseEnter={() => prefetchPage(item.path)}
      onFocus={() => prefetchPage(item.path)}
      onClick={onNavigate}
    >
      {item.label}
    </Link>
  );
}
