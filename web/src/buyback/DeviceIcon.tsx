/** A line icon of the device type (no photos in the demo catalogue). */
export function DeviceIcon({ type }: { type: string | null }) {
  const common = {
    fill: 'none',
    stroke: 'currentColor',
    strokeWidth: 1.8,
    strokeLinecap: 'round' as const,
    strokeLinejoin: 'round' as const,
  };
  return (
    <svg className="device-icon" viewBox="0 0 32 32" width="32" height="32" aria-hidden="true">
      {type === 'tablet' ? (
        <>
          <rect x="5" y="4" width="22" height="24" rx="3" {...common} />
          <path d="M14 24.5h4" {...common} />
        </>
      ) : type === 'smartwatch' ? (
        <>
          <rect x="9" y="9" width="14" height="14" rx="4" {...common} />
          <path d="M12 9l1-5h6l1 5M12 23l1 5h6l1-5" {...common} />
        </>
      ) : (
        <>
          <rect x="9" y="3" width="14" height="26" rx="3" {...common} />
          <path d="M14 25.5h4" {...common} />
        </>
      )}
    </svg>
  );
}
