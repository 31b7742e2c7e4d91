import { APP_NAME } from '@shared/routes';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { useCommunityLinks } from '../../lib/community-links';
import { sectionHref, useSectionLink } from '../../lib/sections';
import { LogoWordmark } from '../brand/logo';
import { TelegramLogo, XLogo } from '../brand/social-icons';

const LINK = 'text-sm text-slate-400 transition-colors hover:text-white';

function Column({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <h2 className="text-sm font-semibold text-white">{title}</h2>
      <ul className="mt-4 space-y-2.5">{children}</ul>
    </div>
  );
}

function UtilitiesColumn() {
  const goToSection = useSectionLink();
  // The scanner, rug detector and score live as cards in the home page's Utilities section.
  const onHome = ['Security Scanner', 'Rug Detector', 'FLAB Score'];
  return (
    <Column title="Utilities">
      {onHome.map((label) => (
        <li key={label}>
          <a href={sectionHref('utilities')} className={LINK} onClick={(e) => goToSection('utilities', e)}>
            {label}
          </a>
        </li>
      ))}
      <li>
        <Link href="/whale-tracker" className={LINK}>
          Whale Tracker
        </Link>
      </li>
      <li>
        <Link href="/liquidity-scanner" className={LINK}>
          Liquidity Scanner
        </Link>
      </li>
    </Column>
  );
}

const RESOURCES = [
  { href: '/about', label: 'About FLAB Hub' },
  { href: '/token-health', label: 'Token Health' },
  { href: '/trading-journal', label: 'Trading Journal' },
  { href: '/security', label: 'Security Alerts' },
] as const;

// Spec §2: the legal links are placeholders; they are shown as such instead of linking nowhere.
const LEGAL = ['Privacy Policy', 'Terms of Use', 'Risk Disclaimer'] as const;

/** A community link: an icon button that opens the community's page in a new tab. */
function SocialLink({ href, label, children }: { href: string; label: string; children: ReactNode }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={label}
      className="flex size-9 items-center justify-center rounded-lg border border-white/10 text-slate-300 transition-colors hover:border-white/25 hover:text-white"
    >
      {children}
    </a>
  );
}

/** The configured community accounts; none configured, no row (never a link to nobody). */
function SocialLinks() {
  const links = useCommunityLinks();
  if (!links.telegram && !links.x) return null;
  return (
    <div className="mt-5 flex gap-2">
      {links.telegram ? (
        <SocialLink href={links.telegram} label="Telegram">
          <TelegramLogo />
        </SocialLink>
      ) : null}
      {links.x ? (
        <SocialLink href={links.x} label="X (Twitter)">
          <XLogo />
        </SocialLink>
      ) : null}
    </div>
  );
}

export function Footer() {
  return (
    <footer className="border-t border-white/10 bg-ink-950">
      <div className="mx-auto grid max-w-7xl grid-cols-2 gap-10 px-4 py-12 sm:px-6 md:grid-cols-3 lg:grid-cols-5">
        <div className="col-span-2 md:col-span-3 lg:col-span-2">
          <LogoWordmark />
          <p className="mt-4 max-w-sm text-sm leading-relaxed text-slate-400">
            Research ERC-20 tokens on Base: contract checks, holders and whales, liquidity and one score, with
            the evidence behind every number.
          </p>
          <SocialLinks />
        </div>
        <UtilitiesColumn />
        <Column title="Resources">
          {RESOURCES.map((r) => (
            <li key={r.href}>
              <Link href={r.href} className={LINK}>
                {r.label}
              </Link>
            </li>
          ))}
        </Column>
        <Column title="Legal">
          {LEGAL.map((label) => (
            <li key={label} className="text-sm text-slate-400">
              {label} <span className="text-xs text-slate-400">(coming soon)</span>
            </li>
          ))}
        </Column>
      </div>
      <div className="border-t border-white/5">
        <p className="mx-auto max-w-7xl px-4 py-6 text-xs text-slate-400 sm:px-6">
          © {new Date().getFullYear()} {APP_NAME}. Research only, not financial advice. Always do your own
          research.
        </p>
      </div>
    </footer>
  );
}
