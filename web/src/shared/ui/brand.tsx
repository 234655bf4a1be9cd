import { Link } from 'react-router-dom';
import './brand.css';

interface BrandProps {
  readonly tone?: 'dark' | 'light';
  readonly to?: string;
}

export function BrandMark() {
  return (
    <svg className="brand__mark" viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect x="4" y="12" width="56" height="40" rx="8" fill="currentColor" />
      <rect x="12" y="22" width="14" height="14" rx="3" fill="#fff" />
      <rect x="31" y="24" width="20" height="4" rx="2" fill="#fff" opacity="0.75" />
      <rect x="31" y="32" width="14" height="4" rx="2" fill="#fff" opacity="0.55" />
      <path
        d="M47 40.5a6 6 0 0 1 0 7M51 38a10 10 0 0 1 0 12"
        fill="none"
        stroke="#fbbf24"
        strokeWidth="2.5"
        strokeLinecap="round"
      />
    </svg>
  );
}

export function Brand({ tone = 'dark', to = '/' }: BrandProps) {
  return (
    <Link to={to} className={`brand brand--${tone}`}>
      <BrandMark />
      <span className="brand__name">Dijital Kartvizit</span>
    </Link>
  );
}
