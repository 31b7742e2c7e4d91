/**
 * About FLAB Hub (spec §2 About): hero, mission, utility suite, why choose, platform statistics,
 * how-to guide, best practices, pro tips and a call to action. The token facts and statistics are
 * computed live; the rest is copy that states only what the product does.
 */
import { routeTitle } from '@shared/routes';
import { ArrowRight, CircleCheck, Lightbulb } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import {
  BEST_PRACTICES,
  HOW_TO,
  type Item,
  MISSION,
  PRO_TIPS,
  UTILITY_SUITE,
  WHY_CHOOSE,
} from '../components/about/about-content';
import { PlatformStats } from '../components/about/platform-stats';
import { TokenFactsCard } from '../components/about/token-facts-card';
import { PageContainer } from '../components/page/tool-page';
import { buttonClasses } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { sectionHref } from '../lib/sections';

function Section({
  id,
  title,
  intro,
  children,
}: {
  id: string;
  title: string;
  intro?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="mt-16">
      <h2 id={id} className="text-2xl font-bold tracking-tight text-white sm:text-3xl">
        {title}
      </h2>
      {intro ? <p className="mt-2 max-w-2xl text-slate-400">{intro}</p> : null}
      <div className="mt-6">{children}</div>
    </section>
  );
}

function ItemGrid({ items, cols = 'md:grid-cols-3' }: { items: readonly Item[]; cols?: string }) {
  return (
    <ul className={`grid gap-4 sm:grid-cols-2 ${cols}`}>
      {items.map(({ title, text, icon: Icon }) => (
        <li key={title}>
          <Card className="h-full p-5">
            {Icon ? (
              <span className="flex size-10 items-center justify-center rounded-lg border border-brand-400/20 bg-brand-500/10 text-brand-300">
                <Icon aria-hidden="true" className="size-5" />
              </span>
            ) : null}
            <h3 className="mt-4 font-semibold text-white">{title}</h3>
            <p className="mt-1.5 text-sm leading-relaxed text-slate-400">{text}</p>
          </Card>
        </li>
      ))}
    </ul>
  );
}

function Checklist({ items, icon: Icon }: { items: readonly string[]; icon: typeof CircleCheck }) {
  return (
    <ul className="grid gap-3">
      {items.map((t) => (
        <li key={t} className="flex gap-3 text-sm leading-relaxed text-slate-300">
          <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-300" />
          {t}
        </li>
      ))}
    </ul>
  );
}

/** A titled card of one checklist, its heading naming the section. */
function ChecklistCard({
  id,
  title,
  items,
  icon,
}: {
  id: string;
  title: string;
  items: readonly string[];
  icon: typeof CircleCheck;
}) {
  return (
    <section aria-labelledby={id}>
      <Card className="h-full p-6">
        <h2 id={id} className="text-xl font-bold text-white">
          {title}
        </h2>
        <div className="mt-4">
          <Checklist items={items} icon={icon} />
        </div>
      </Card>
    </section>
  );
}

export default function AboutPage() {
  return (
    <PageContainer>
      <header className="text-center">
        <h1 className="text-4xl font-extrabold tracking-tight text-white sm:text-5xl">
          {routeTitle('/about')}
        </h1>
        <p className="mx-auto mt-4 max-w-2xl text-lg leading-relaxed text-slate-300">
          A free research hub for tokens on Base, for traders, developers, researchers and FLAB holders. Paste
          a token address and see what the chain says about it, with the evidence behind every score.
        </p>
      </header>

      <div className="mt-12">
        <TokenFactsCard />
      </div>

      <Section id="mission" title="Our mission">
        <ItemGrid items={MISSION} />
      </Section>

      <Section
        id="utility-suite"
        title="The utility suite"
        intro="Five live utilities, each reading the token from the chain."
      >
        <ItemGrid items={UTILITY_SUITE} cols="lg:grid-cols-5" />
      </Section>

      <Section id="why-choose" title="Why choose FLAB Hub">
        <ItemGrid items={WHY_CHOOSE} />
      </Section>

      <Section id="platform-stats" title="Platform statistics">
        <PlatformStats />
      </Section>

      <Section id="how-to" title="How to use FLAB Hub">
        <ol className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {HOW_TO.map((s, i) => (
            <li key={s.title}>
              <Card className="h-full p-5">
                <span className="flex size-8 items-center justify-center rounded-full bg-brand-600 text-sm font-bold text-white">
                  {i + 1}
                </span>
                <h3 className="mt-3 font-semibold text-white">{s.title}</h3>
                <p className="mt-1.5 text-sm leading-relaxed text-slate-400">{s.text}</p>
              </Card>
            </li>
          ))}
        </ol>
      </Section>

      <div className="mt-16 grid gap-6 lg:grid-cols-2">
        <ChecklistCard id="best-practices" title="Best practices" items={BEST_PRACTICES} icon={CircleCheck} />
        <ChecklistCard id="pro-tips" title="Pro tips" items={PRO_TIPS} icon={Lightbulb} />
      </div>

      <section aria-labelledby="cta" className="mt-16">
        <Card className="flex flex-col items-center gap-4 border-brand-400/30 px-6 py-12 text-center">
          <h2 id="cta" className="text-2xl font-bold text-white sm:text-3xl">
            Ready to research your next token?
          </h2>
          <p className="max-w-xl text-slate-400">
            Paste a Base token address into any utility and read the evidence.
          </p>
          <div className="flex flex-wrap justify-center gap-3">
            <Link href={sectionHref('utilities')} className={buttonClasses('primary', 'lg')}>
              Start Analyzing
              <ArrowRight aria-hidden="true" className="size-4" />
            </Link>
            <Link href={sectionHref('community')} className={buttonClasses('outline', 'lg')}>
              Join Community
            </Link>
          </div>
        </Card>
      </section>
    </PageContainer>
  );
}
