import { Megaphone } from 'lucide-react';
import { ToolPage } from '../components/page/tool-page';

// A thin shell for now: heading and purpose; the tool itself arrives with its API.
export default function TradingCallsPage() {
  return (
    <ToolPage
      path="/trading-calls"
      icon={Megaphone}
      subtitle="Post and follow trading calls, each tracked against the token's price."
    />
  );
}
