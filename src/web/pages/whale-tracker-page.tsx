import { Fish } from 'lucide-react';
import { ToolPage } from '../components/page/tool-page';

// A thin shell for now: heading and purpose; the tool itself arrives with its API.
export default function WhaleTrackerPage() {
  return (
    <ToolPage
      path="/whale-tracker"
      icon={Fish}
      subtitle="Monitor top 20 holders, track new whale entries, and analyze wallet histories for any Base token"
    />
  );
}
