/** A whole-token decimal string with thousands separators, exact (no float): '1200000.5' → '1,200,000.5'. */
export function formatTokenBalance(s: string): string {
  const [int = '0', frac] = s.split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return frac ? `${grouped}.${frac.slice(0, 4)}` : grouped;
}
