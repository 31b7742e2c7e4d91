import { type RoutePath, routeTitle } from '@shared/routes';
import { ArrowLeft, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { PageHeader } from './page-header';
import { UnavailableNotice } from './unavailable-notice';

export function PageContainer({ children }: { children: ReactNode }) {
  return <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 sm:py-14">{children}</div>;
}

export function BackToHome() {
  return (
    <Link
      href="/"
      className="inline-flex items-center gap-1.5 rounded-md text-sm text-slate-400 transition-colors hover:text-white"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      Back to Home
    </Link>
  );
}

type ToolPageProps = {
  path: RoutePath;
  subtitle?: ReactNode;
  icon?: LucideIcon;
  /** Page content; the "not available yet" notice when omitted. */
  children?: ReactNode;
};

/** The frame every tool page shares: back link, heading from the route list, then the tool. */
export function ToolPage({ path, subtitle, icon, children }: ToolPageProps) {
  const title = routeTitle(path);
  return (
    <PageContainer>
      <BackToHome />
      <div className="mt-6">
        <PageHeader title={title} subtitle={subtitle} icon={icon} />
      </div>
      <div className="mt-10">{children ?? <UnavailableNotice tool={title} />}</div>
    </PageContainer>
  );
}
