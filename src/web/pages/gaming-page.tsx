import { Gamepad2 } from 'lucide-react';
import { ToolPage } from '../components/page/tool-page';

// A thin shell for now: heading and purpose; the tool itself arrives with its API.
export default function GamingPage() {
  return (
    <ToolPage
      path="/gaming"
      icon={Gamepad2}
      subtitle="Verify a FLAB-holding wallet, play Target Hunter and climb the top-10 leaderboard."
    />
  );
}
