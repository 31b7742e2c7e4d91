import { Sprout } from 'lucide-react';
import { ToolPage } from '../components/page/tool-page';

// A thin shell for now: heading and purpose; the tool itself arrives with its API.
export default function YieldPage() {
  return (
    <ToolPage
      path="/yield"
      icon={Sprout}
      subtitle="Compare yield opportunities and strategies by risk and estimate what an amount could earn."
    />
  );
}
