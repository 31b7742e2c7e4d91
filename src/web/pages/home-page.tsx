import { useEffect } from 'react';
import { CommunitySection } from '../components/home/community-section';
import { HeroSection } from '../components/home/hero-section';
import { HowItWorks } from '../components/home/how-it-works';
import { UtilitiesSection } from '../components/home/utilities-section';
import { scrollToSection } from '../lib/sections';

/** A section link followed from another page lands here as `/#id`; scroll once the page exists. */
function useScrollToHashOnArrival() {
  useEffect(() => {
    const id = window.location.hash.slice(1);
    if (id) requestAnimationFrame(() => scrollToSection(id));
  }, []);
}

export default function HomePage() {
  useScrollToHashOnArrival();
  return (
    <>
      <HeroSection />
      <UtilitiesSection />
      <HowItWorks />
      <CommunitySection />
    </>
  );
}
