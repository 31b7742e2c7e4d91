import { Wallet } from 'lucide-react';
import { ToolPage } from '../components/page/tool-page';

// A thin shell for now: heading and purpose; the tool itself arrives with its API.
export default function PortfolioPage() {
  return (
    <ToolPage
      path="/portfolio"
      icon={Wallet}
      subtitle="Track a Base wallet's token holdings, their value, risk and diversification."
    />
  );
}
