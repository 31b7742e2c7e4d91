/**
 * The home page's sections (spec §2): Home, Utilities and Community links scroll to them on the
 * home page, and from any other page go to `/#id`, where the home page scrolls on arrival.
 */
import { useCallback } from 'react';
import { useLocation } from 'wouter';

export type SectionId = 'home' | 'utilities' | 'community';

export const sectionHref = (id: SectionId) => `/#${id}`;

export function scrollToSection(id: string): boolean {
  const el = document.getElementById(id);
  if (!el) return false;
  // The hero is the top of the page; go all the way up rather than to its scroll margin.
  if (id === 'home') window.scrollTo({ top: 0, behavior: 'smooth' });
  else el.scrollIntoView({ behavior: 'smooth', block: 'start' });
  return true;
}

/** Returns a click handler for section links; plain <a href="/#id"> stays the fallback. */
export function useSectionLink() {
  const [location, navigate] = useLocation();
  return useCallback(
    (id: SectionId, event?: { preventDefault(): void }) => {
      event?.preventDefault();
      if (location === '/' && scrollToSection(id)) return;
      navigate(sectionHref(id));
    },
    [location, navigate],
  );
}
