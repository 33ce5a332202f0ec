import { useTranslation } from 'react-i18next';
import type { TNodeData } from '../canvas.types';
import { ColourField } from './ColourField';
import { NODE_DEFAULTS } from './node-look';

const BANDS = ['top', 'middle', 'bottom'] as const;
type TBand = (typeof BANDS)[number];

const colourKey = (b: TBand) => `${b}BackgroundColor` as const;
const opacityKey = (b: TBand) => `${b}BackgroundOpacity` as const;

/** The top, middle and bottom background bands of a block, each with a colour and an opacity. */
export function BandFields({
  data,
  onChange,
  onDone,
}: {
  data: TNodeData;
  onChange: (patch: Partial<TNodeData>) => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="panel-group">
      <legend>{t('canvas.panel.bands')}</legend>
      {BANDS.map((b) => (
        <ColourField
          key={b}
          label={t(`canvas.panel.band.${b}`)}
          colour={data[colourKey(b)] || (b === 'bottom' ? NODE_DEFAULTS.bottomBackgroundColor : '#ffffff')}
          onColour={(v) => onChange({ [colourKey(b)]: v })}
          opacity={data[opacityKey(b)]}
          opacityLabel={t('canvas.panel.opacityOf', { name: t(`canvas.panel.band.${b}`) })}
          onOpacity={(v) => onChange({ [opacityKey(b)]: v })}
          onDone={onDone}
        />
      ))}
    </fieldset>
  );
}
