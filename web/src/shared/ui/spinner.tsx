import './spinner.css';

interface SpinnerProps {
  readonly label?: string;
}

export function Spinner({ label = 'Yükleniyor...' }: SpinnerProps) {
  return (
    <span className="spinner" role="status">
      <span className="spinner__ring" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </span>
  );
}

/** Fills the area it is given, for pages whose data or code is still on its way. */
export function PageSpinner({ label }: SpinnerProps) {
  return (
    <div className="page-spinner">
      <Spinner label={label} />
    </div>
  );
}
