// A thin progress bar with its text (model download, analysis).
export function ModelProgress({ label, value }: { label: string; value: number }) {
  const percent = Math.round(Math.max(0, Math.min(1, value)) * 100);
  return (
    <div className="flex flex-col gap-1.5">
      <p className="text-sm font-medium">{label}</p>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 overflow-hidden rounded-full bg-white/20"
      >
        <div
          className="h-full rounded-full bg-saffron-400 transition-[width]"
          style={{ width: `${percent}%` }}
        />
      </div>
    </div>
  );
}
