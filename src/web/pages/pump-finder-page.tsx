import { Rocket } from 'lucide-react';
import { ToolPage } from '../components/page/tool-page';

// A thin shell for now: heading and purpose; the tool itself arrives with its API.
export default function PumpFinderPage() {
  return (
    <ToolPage
      path="/pump-finder"
      icon={Rocket}
      subtitle="Spot tokens with unusual momentum, with the on-chain signals behind each one."
    />
  );
}
