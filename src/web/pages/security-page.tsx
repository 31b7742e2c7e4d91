import { ShieldExclamationPoint } from 'lucide-react';
import { ToolPage } from '../components/page/tool-page';

// A thin shell for now: heading and purpose; the tool itself arrives with its API.
export default function SecurityPage() {
  return (
    <ToolPage
      path="/security"
      icon={ShieldExclamationPoint}
      subtitle="Monitor tokens for rug risk, whale dumps, liquidity drains and contract changes."
    />
  );
}
