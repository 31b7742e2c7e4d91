import { Info } from 'lucide-react';
import { ToolPage } from '../components/page/tool-page';
import { UnavailableNotice } from '../components/page/unavailable-notice';

export default function AboutPage() {
  return (
    <ToolPage
      path="/about"
      icon={Info}
      subtitle="A free research hub for tokens on Base, for traders, developers, researchers and FLAB holders."
    >
      <UnavailableNotice
        tool="About"
        message="The full About page, with the mission, the utility suite, how-to guides and platform statistics, arrives in a later build."
      />
    </ToolPage>
  );
}
