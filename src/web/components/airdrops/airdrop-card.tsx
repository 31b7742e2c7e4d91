/** One airdrop: status, value, requirements (with eligibility results), guide, Start/Follow links. */
import { formatUsd } from '@shared/format';
import type { Airdrop, EligibilityResult } from '@shared/market-tools';
import { CheckCircle2, CircleHelp, ExternalLink, XCircle } from 'lucide-react';
import { Badge, type BadgeTone } from '../ui/badge';
import { Button, buttonClasses } from '../ui/button';
import { Card } from '../ui/card';

const STATUS_TONE: Record<Airdrop['status'], BadgeTone> = {
  active: 'success',
  upcoming: 'brand',
  ended: 'neutral',
  unknown: 'caution',
};

const RESULT_WORD: Record<EligibilityResult['requirements'][number]['status'], string> = {
  pass: 'met',
  fail: 'not met',
  unknown: 'unknown',
};

const day = (iso: string | null) =>
  iso ? new Date(iso).toLocaleDateString('en-US', { dateStyle: 'medium' }) : null;

type Props = {
  airdrop: Airdrop;
  open: boolean;
  onToggle: () => void;
  eligibility: EligibilityResult | undefined;
};

export function AirdropCard({ airdrop: a, open, onToggle, eligibility }: Props) {
  const results = new Map(eligibility?.requirements.map((r) => [r.id, r]));
  return (
    <Card className="p-5" data-testid="airdrop">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3 className="text-lg font-semibold text-white">{a.name}</h3>
          <p className="mt-1 max-w-2xl text-sm text-slate-400">{a.description}</p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone={STATUS_TONE[a.status]}>{a.status === 'unknown' ? 'status unknown' : a.status}</Badge>
          <Badge>{a.category}</Badge>
          {a.local ? <Badge tone="warning">Local scenario</Badge> : null}
          {a.contract ? (
            <Badge title="Dates and reward read from this contract">
              Contract {a.contract.slice(0, 6)}…{a.contract.slice(-4)}
            </Badge>
          ) : null}
          {eligibility ? (
            <Badge tone={eligibility.eligible ? 'success' : 'caution'}>
              Eligibility {eligibility.eligibilityScore === null ? 'N/A' : `${eligibility.eligibilityScore}%`}
            </Badge>
          ) : null}
        </div>
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-3 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-slate-400">Estimated value</dt>
          <dd className="text-slate-200">{formatUsd(a.estimatedValue, 'Not published')}</dd>
        </div>
        <div>
          <dt className="text-slate-400">{a.status === 'upcoming' ? 'Starts' : 'Ends'}</dt>
          <dd className="text-slate-200">
            {a.status === 'unknown'
              ? `Dates not verified${a.checkedAt ? ` (last checked ${day(a.checkedAt)})` : ''}`
              : ((a.status === 'upcoming' ? day(a.startDate) : day(a.endDate)) ?? 'Open-ended')}
          </dd>
        </div>
        <div>
          <dt className="text-slate-400">Source</dt>
          <dd className="truncate">
            <a href={a.source} target="_blank" rel="noreferrer" className="text-brand-300 hover:text-white">
              {new URL(a.source).host}
            </a>
          </dd>
        </div>
      </dl>
      <ul className="mt-4 flex flex-col gap-1.5 text-sm">
        {a.requirementDetails.map((r) => {
          const res = results.get(r.id);
          const Icon = !res
            ? null
            : res.status === 'pass'
              ? CheckCircle2
              : res.status === 'fail'
                ? XCircle
                : CircleHelp;
          return (
            <li key={r.id} className="flex items-start gap-2 text-slate-300">
              {Icon ? (
                <Icon
                  aria-label={res?.status}
                  className={
                    res?.status === 'pass'
                      ? 'mt-0.5 size-4 text-emerald-400'
                      : res?.status === 'fail'
                        ? 'mt-0.5 size-4 text-red-400'
                        : 'mt-0.5 size-4 text-slate-400'
                  }
                />
              ) : (
                <span className="mt-2 size-1.5 rounded-full bg-slate-500" />
              )}
              <span>
                {r.label}
                {/* The outcome in words beside the icon: never pass/fail by colour alone. */}
                {res ? (
                  <span className="text-slate-400">
                    {' '}
                    — <span className="font-medium text-slate-300">{RESULT_WORD[res.status]}</span>:{' '}
                    {res.reason}
                  </span>
                ) : null}
              </span>
            </li>
          );
        })}
      </ul>
      <div className="mt-4 flex flex-wrap gap-2">
        {a.website ? (
          <a href={a.website} target="_blank" rel="noreferrer" className={buttonClasses('primary', 'sm')}>
            Start Now <ExternalLink aria-hidden="true" className="size-3.5" />
          </a>
        ) : (
          <Button size="sm" disabled title="A local scenario programme has no website">
            Start Now
          </Button>
        )}
        {a.twitter ? (
          <a href={a.twitter} target="_blank" rel="noreferrer" className={buttonClasses('outline', 'sm')}>
            Follow
          </a>
        ) : null}
        <Button variant="ghost" size="sm" aria-expanded={open} onClick={onToggle}>
          Guide
        </Button>
      </div>
      {open ? (
        <ol className="mt-4 list-decimal space-y-1 pl-5 text-sm text-slate-300">
          {(a.instructions.length ? a.instructions : a.requirements).map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      ) : null}
    </Card>
  );
}
