import { Menu, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { sectionHref, useSectionLink } from '../../lib/sections';
import { LogoWordmark } from '../brand/logo';
import { TokenSearch } from '../search/token-search';
import { buttonClasses } from '../ui/button';
import { NAV_ITEMS, NavItemLink } from './nav-items';
import { NetworkBadge } from './network-badge';

const DESKTOP_LINK =
  'rounded-md px-3 py-1.5 text-sm font-medium text-slate-400 transition-colors hover:bg-white/5 hover:text-white';
const MOBILE_LINK =
  'block rounded-lg px-3 py-2.5 text-sm font-medium text-slate-300 transition-colors hover:bg-white/5 hover:text-white';
const ACTIVE_LINK = 'bg-white/[0.07] text-white';

function useMobileMenu() {
  const [open, setOpen] = useState(false);
  const [location] = useLocation();
  const buttonRef = useRef<HTMLButtonElement>(null);

  // A new page closes the menu, whichever way the user got there (link, back button).
  // biome-ignore lint/correctness/useExhaustiveDependencies: location is the trigger, not an input
  useEffect(() => setOpen(false), [location]);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  return { open, setOpen, buttonRef };
}

export function Header() {
  const goToSection = useSectionLink();
  const menu = useMobileMenu();
  const close = () => menu.setOpen(false);

  return (
    <header className="sticky top-0 z-50 border-b border-white/10 bg-ink-950/80 backdrop-blur-xl">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4 sm:px-6">
        <a
          href={sectionHref('home')}
          aria-label="FLAB Hub home"
          className="rounded-lg"
          onClick={(e) => goToSection('home', e)}
        >
          <LogoWordmark />
        </a>
        <TokenSearch compact className="ml-4 hidden w-80 lg:block" />
        <div className="ml-auto flex items-center gap-2 sm:gap-3">
          <NetworkBadge />
          {/* Wrapped: the button's own display class would fight a 'hidden' on the same element. */}
          <span className="hidden sm:contents">
            <a
              href={sectionHref('utilities')}
              className={buttonClasses('primary', 'sm')}
              onClick={(e) => goToSection('utilities', e)}
            >
              Try Tools
            </a>
          </span>
          <button
            ref={menu.buttonRef}
            type="button"
            className={buttonClasses('ghost', 'icon', 'xl:hidden')}
            aria-expanded={menu.open}
            aria-controls="mobile-menu"
            aria-label={menu.open ? 'Close menu' : 'Open menu'}
            onClick={() => menu.setOpen(!menu.open)}
          >
            {menu.open ? (
              <X aria-hidden="true" className="size-5" />
            ) : (
              <Menu aria-hidden="true" className="size-5" />
            )}
          </button>
        </div>
      </div>

      <nav aria-label="Main" className="hidden border-t border-white/5 xl:block">
        <ul className="mx-auto flex h-11 max-w-7xl items-center gap-0.5 px-4 sm:px-6">
          {NAV_ITEMS.map((item) => (
            <li key={item.label}>
              <NavItemLink item={item} className={DESKTOP_LINK} activeClassName={ACTIVE_LINK} />
            </li>
          ))}
        </ul>
      </nav>

      {/* Kept in the DOM while closed so the toggle's aria-controls always points at something. */}
      <nav
        id="mobile-menu"
        aria-label="Main"
        hidden={!menu.open}
        className="animate-fade-in border-t motion-reduce:animate-none border-white/10 bg-ink-950/95 xl:hidden"
      >
        <TokenSearch compact className="mx-auto max-w-7xl px-4 pt-3 sm:px-6 lg:hidden" />
        <ul className="mx-auto grid max-w-7xl grid-cols-2 gap-1 px-4 py-3 sm:grid-cols-3 sm:px-6">
          {NAV_ITEMS.map((item) => (
            <li key={item.label}>
              <NavItemLink
                item={item}
                className={MOBILE_LINK}
                activeClassName={ACTIVE_LINK}
                onNavigate={close}
              />
            </li>
          ))}
        </ul>
        <div className="mx-auto max-w-7xl px-4 pb-4 sm:hidden">
          <a
            href={sectionHref('utilities')}
            className={buttonClasses('primary', 'md', 'w-full')}
            onClick={(e) => {
              goToSection('utilities', e);
              close();
            }}
          >
            Try Tools
          </a>
        </div>
      </nav>
    </header>
  );
}
