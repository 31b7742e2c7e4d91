import { Droplets } from 'lucide-react';
import { ToolPage } from '../components/page/tool-page';

// A thin shell for now: heading and purpose; the tool itself arrives with its API.
export default function LiquidityScannerPage() {
  return (
    <ToolPage
      path="/liquidity-scanner"
      icon={Droplets}
      subtitle="Comprehensive liquidity analysis with real-time rug detection"
    />
  );
}
