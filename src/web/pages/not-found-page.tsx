import { NOT_FOUND_TITLE } from '@shared/routes';
import { CircleQuestionMark } from 'lucide-react';
import { Link } from 'wouter';
import { buttonClasses } from '../components/ui/button';

// Bundled with the shell rather than lazy: it is tiny and must work even if chunks fail to load.
export default function NotFoundPage() {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <CircleQuestionMark aria-hidden="true" className="size-12 text-slate-400" />
      <h1 className="mt-5 text-3xl font-bold tracking-tight text-white">{NOT_FOUND_TITLE}</h1>
      <p className="mt-3 text-slate-400">Did you forget to add the page to the router?</p>
      <Link href="/" className={buttonClasses('primary', 'md', 'mt-8')}>
        Back to Home
      </Link>
    </div>
  );
}
