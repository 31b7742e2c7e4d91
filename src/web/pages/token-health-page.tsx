import { HeartPulse } from 'lucide-react';
import { ToolPage } from '../components/page/tool-page';

// A thin shell for now: heading and purpose; the tool itself arrives with its API.
export default function TokenHealthPage() {
  return (
    <ToolPage
      path="/token-health"
      icon={HeartPulse}
      subtitle="A token's health at a glance: security, liquidity, community and momentum scores."
    />
  );
}
