// Hanouti's mark, a shop front under a saffron awning, inlined so it shows before any request.
export function Logo({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 512 512" className={className} aria-hidden="true" focusable="false">
      <rect width="512" height="512" rx="112" fill="#0f5c55" />
      <path d="M96 176h320l-24-64H120z" fill="#f4b73f" />
      <path
        d="M96 176c0 22 18 40 40 40s40-18 40-40c0 22 18 40 40 40s40-18 40-40c0 22 18 40 40 40s40-18 40-40c0 22 18 40 40 40s40-18 40-40z"
        fill="#e39a1c"
      />
      <path d="M128 232h256v168a16 16 0 0 1-16 16H144a16 16 0 0 1-16-16z" fill="#fdfaf3" />
      <path d="M224 416V312a32 32 0 0 1 64 0v104z" fill="#0f5c55" />
      <rect x="152" y="264" width="56" height="48" rx="10" fill="#2f8f83" />
      <rect x="304" y="264" width="56" height="48" rx="10" fill="#2f8f83" />
    </svg>
  );
}
