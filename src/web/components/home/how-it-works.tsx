import { Link } from 'wouter';
import { sectionHref, useSectionLink } from '../../lib/sections';
import { buttonClasses } from '../ui/button';

const STEPS = [
  {
    title: 'Enter a Base token address',
    text: 'Paste the contract address (0x…) of any ERC-20 token on Base.',
  },
  {
    title: 'Get instant analysis',
    text: 'Contract, holders and liquidity are read from the chain and checked.',
  },
  { title: 'Make informed decisions', text: 'Every score comes with the facts it was built from.' },
] as const;

/** The three-step explainer of the home page (spec §2). */
export function HowItWorks() {
  const goToSection = useSectionLink();
  return (
    <section aria-labelledby="how-it-works" className="border-y border-white/5 bg-ink-900/40">
      <div className="mx-auto max-w-7xl px-4 py-20 sm:px-6">
        <h2 id="how-it-works" className="text-center text-3xl font-bold tracking-tight text-white">
          How it works
        </h2>
        <ol className="mt-12 grid gap-6 md:grid-cols-3">
          {STEPS.map((s, i) => (
            <li key={s.title} className="relative rounded-2xl border border-white/10 bg-ink-900/70 p-6">
              <span className="flex size-9 items-center justify-center rounded-full bg-brand-600 text-sm font-bold text-white">
                {i + 1}
              </span>
              <h3 className="mt-4 font-semibold text-white">{s.title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-slate-400">{s.text}</p>
            </li>
          ))}
        </ol>
        <div className="mt-10 flex flex-wrap justify-center gap-3">
          <Link href="/whale-tracker" className={buttonClasses('primary', 'md')}>
            Try Whale Tracker
          </Link>
          <a
            href={sectionHref('community')}
            className={buttonClasses('outline', 'md')}
            onClick={(e) => goToSection('community', e)}
          >
            Join Community
          </a>
        </div>
      </div>
    </section>
  );
}
