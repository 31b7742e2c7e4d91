import { Gift } from 'lucide-react';
import { ToolPage } from '../components/page/tool-page';

// A thin shell for now: heading and purpose; the tool itself arrives with its API.
export default function AirdropsPage() {
  return (
    <ToolPage
      path="/airdrops"
      icon={Gift}
      subtitle="Find active and upcoming airdrops and the steps to qualify for them."
    />
  );
}
