import { APP_NAME } from '@shared/routes';
import { ArrowRight, Droplets, Fish, ScanSearch, ShieldCheck } from 'lucide-react';
import { Link } from 'wouter';
import { sectionHref, useSectionLink } from '../../lib/sections';
import { prefetchPage } from '../../pages/registry';
import { TokenSearch } from '../search/token-search';
import { buttonClasses } from '../ui/button';

const HIGHLIGHTS = [
  { icon: ShieldCheck, text: 'Verified source and sell simulation' },
  { icon: Fish, text: 'Holders, whales and wallet histories' },
  { icon: Droplets, text: 'Liquidity locks, price impact and drains' },
  { icon: ScanSearch, text: 'The evidence behind every score' },
] as const;

const PAGE_LINKS = [
  { href: '/airdrops', label: 'Airdrops' },
  { href: '/pump-finder', label: 'Pump Finder' },
  { href: '/trading-calls', label: 'Trading Calls' },
] as const;

function Backdrop() {
  // Soft brand-coloured glows behind the hero; decorative only.
  return (
    <div aria-hidden="true" className="pointer-events-none absolute inset-0 -z-10 overflow-hidden">
      <div className="absolute -top-40 left-1/2 h-[520px] w-[900px] -translate-x-1/2 rounded-full bg-brand-600/25 blur-[120px]" />
      <div className="absolute top-40 -right-40 h-[360px] w-[480px] rounded-full bg-glow-400/10 blur-[110px]" />
      <div className="absolute inset-0 bg-[linear-gradient(to_right,rgba(255,255,255,0.035)_1px,transparent_1px),linear-gradient(to_bottom,rgba(255,255,255,0.035)_1px,transparent_1px)] mask-[radial-gradient(ellipse_at_top,black_30%,transparent_75%)] bg-size-[56px_56px]" />
    </div>
  );
}

export function HeroSection() {
  const goToSection = useSectionLink();
  return (
    <section id="home" className="relative isolate">
      <Backdrop />
      <div className="mx-auto max-w-7xl px-4 pt-20 pb-16 text-center sm:px-6 sm:pt-28 sm:pb-24">
        <p className="inline-flex items-center gap-2 rounded-full border border-brand-400/25 bg-brand-500/10 px-3 py-1 text-xs font-medium text-brand-300">
          <span aria-hidden="true" className="size-1.5 rounded-full bg-glow-400" />
          Research hub for ERC-20 tokens on Base
        </p>
        <h1 className="mt-6 bg-linear-to-br from-white via-brand-300 to-glow-400 bg-clip-text text-5xl font-extrabold tracking-tight text-transparent sm:text-7xl">
          {APP_NAME}
        </h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg leading-relaxed text-slate-300">
          Paste a Base token address and see whether it is safe: verified source, sell simulation, taxes,
          holders and whales, liquidity locks and drains, and one score with the evidence behind every number.
        </p>
        <TokenSearch className="mx-auto mt-8 max-w-xl" />
        <div className="mt-8 flex flex-wrap items-center justify-center gap-3">
          <a
            href={sectionHref('utilities')}
            className={buttonClasses('primary', 'lg')}
            onClick={(e) => goToSection('utilities', e)}
          >
            Utilities
            <ArrowRight aria-hidden="true" className="size-4" />
          </a>
          {PAGE_LINKS.map((l) => (
            <Link
              key={l.href}
              href={l.href}
              className={buttonClasses('outline', 'lg')}
              onMouseEnter={() => prefetchPage(l.href)}
            >
              {l.label}
            </Link>
          ))}
          <a
            href={sectionHref('community')}
            className={buttonClasses('ghost', 'lg')}
            onClick={(e) => goToSection('community', e)}
          >
            Community
          </a>
        </div>
        <ul className="mx-auto mt-14 grid max-w-4xl gap-3 text-left sm:grid-cols-2 lg:grid-cols-4">
          {HIGHLIGHTS.map(({ icon: Icon, text }) => (
            <li
              key={text}
              className="flex items-center gap-3 rounded-xl border border-white/10 bg-white/[0.03] px-4 py-3 text-sm text-slate-300"
            >
              <Icon aria-hidden="true" className="size-5 shrink-0 text-brand-300" />
              {text}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
