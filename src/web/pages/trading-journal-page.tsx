import { NotebookPen } from 'lucide-react';
import { ToolPage } from '../components/page/tool-page';

// A thin shell for now: heading and purpose; the tool itself arrives with its API.
export default function TradingJournalPage() {
  return (
    <ToolPage
      path="/trading-journal"
      icon={NotebookPen}
      subtitle="Track your trades and analyze performance with comprehensive analytics"
    />
  );
}
