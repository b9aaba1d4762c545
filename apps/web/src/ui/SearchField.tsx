// The search box at the top of a list, with a magnifier and the phone's search keyboard.
import { Search } from 'lucide-react';

export interface SearchFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
}

export function SearchField({ label, value, onChange }: SearchFieldProps) {
  return (
    <div className="relative">
      <Search
        className="pointer-events-none absolute start-3 top-1/2 size-5 -translate-y-1/2 text-muted"
        aria-hidden="true"
      />
      <input
        type="search"
        enterKeyHint="search"
        aria-label={label}
        placeholder={label}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="block min-h-12 w-full rounded-xl border border-line bg-white ps-10 pe-3 text-base text-ink shadow-sm placeholder:text-muted/80 focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none"
      />
    </div>
  );
}
