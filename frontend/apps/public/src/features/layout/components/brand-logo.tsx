import logoMark from '@/assets/logo-mark.svg';

export function BrandLogo({ inverted = false }: { inverted?: boolean }) {
  return (
    <span className="flex items-center gap-2">
      <img src={logoMark} alt="" width={32} height={32} className="h-8 w-8" />
      <span className={`text-xl font-bold ${inverted ? 'text-white' : 'text-gray-900'}`}>
        Atelier
      </span>
    </span>
  );
}
