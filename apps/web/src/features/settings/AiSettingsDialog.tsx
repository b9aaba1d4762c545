// Réglages IA: detection and match thresholds, precision mode, on-device analysis, kept photos, photos per analysis.
import { clsx } from 'clsx';
import { Check, Save } from 'lucide-react';
import { RadioGroup } from 'radix-ui';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useShopFormat } from '../../app/useShopFormat';
import {
  AI_MAX_PHOTOS_MAX,
  AI_MAX_PHOTOS_MIN,
  AI_SLIDER_STEP,
  DETECT_THRESHOLD_MAX,
  DETECT_THRESHOLD_MIN,
  MATCH_THRESHOLD_MAX,
  MATCH_THRESHOLD_MIN,
  PRECISION_MODE_SECONDS,
  PRECISION_MODES,
  precisionMode as precisionModeSchema,
} from '@hanouti/core';
import type { PrecisionMode, Settings } from '@hanouti/core';
import { useShopSettings } from '../../app/useShopSettings';
import { saveSettings } from '../../data/settingsRepository';
import { useMayDoOwnerActions } from '../../app/useDeviceRole';
import { Button } from '../../ui/Button';
import { Checkbox } from '../../ui/Checkbox';
import { Dialog } from '../../ui/Dialog';
import { Slider } from '../../ui/Slider';
import { Switch } from '../../ui/Switch';
import { toast } from '../../ui/toastStore';
import { useSavedFlash } from './useSavedFlash';

type AiDraft = Pick<
  Settings,
  | 'aiDetectThreshold'
  | 'aiMatchThreshold'
  | 'aiPrecisionMode'
  | 'aiDeviceInference'
  | 'aiStoreImages'
  | 'aiMaxPhotos'
>;

function draftOf(settings: Settings): AiDraft {
  const {
    aiDetectThreshold,
    aiMatchThreshold,
    aiPrecisionMode,
    aiDeviceInference,
    aiStoreImages,
    aiMaxPhotos,
  } = settings;
  return {
    aiDetectThreshold,
    aiMatchThreshold,
    aiPrecisionMode,
    aiDeviceInference,
    aiStoreImages,
    aiMaxPhotos,
  };
}

/** Slider steps of 0.05 add up in binary (0.45000000000000007): thresholds are kept to the hundredth. */
const hundredth = (value: number) => Math.round(value * 100) / 100;

const PRECISION_LABELS = {
  fast: 'precisionFast',
  balanced: 'precisionBalanced',
  precise: 'precisionPrecise',
} as const satisfies Record<PrecisionMode, string>;

export function AiSettingsDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const settings = useShopSettings();
  return (
    <AiSettingsForm
      // A fresh draft from the stored settings each time the dialog opens.
      key={open ? 'open' : 'closed'}
      settings={settings}
      open={open}
      onOpenChange={onOpenChange}
    />
  );
}

function AiSettingsForm({
  settings,
  open,
  onOpenChange,
}: {
  settings: Settings;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('settings');
  const { t: tApp } = useTranslation();
  const [draft, setDraft] = useState<AiDraft>(() => draftOf(settings));
  const [saving, setSaving] = useState(false);
  const { saved, flash } = useSavedFlash();
  const precisionLabelId = useId();
  const update = (patch: Partial<AiDraft>) => setDraft((current) => ({ ...current, ...patch }));
  const { decimal } = useShopFormat();
  // A staff phone may not change the shop's settings (docs/api.md); SettingsPage does not open this there.
  const mayChange = useMayDoOwnerActions();

  async function save() {
    if (!mayChange) return;
    setSaving(true);
    try {
      await saveSettings({ ...settings, ...draft });
      flash();
    } catch (error) {
      console.error('AI settings not saved', error);
      toast({ title: tApp('settings.saveFailed'), tone: 'error' });
    } finally {
      setSaving(false);
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('aiTitle')}
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {tApp('app.close')}
          </Button>
          <Button
            variant={saved ? 'secondary' : 'primary'}
            icon={saved ? <Check /> : <Save />}
            disabled={saving || !mayChange}
            onClick={() => void save()}
          >
            {saved ? tApp('app.saved') : tApp('app.save')}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-5">
        <div className="flex flex-col gap-1">
          <Slider
            label={t('detectThreshold')}
            value={draft.aiDetectThreshold}
            min={DETECT_THRESHOLD_MIN}
            max={DETECT_THRESHOLD_MAX}
            step={AI_SLIDER_STEP}
            formatValue={decimal}
            onValueChange={(value) => update({ aiDetectThreshold: hundredth(value) })}
          />
          <p className="text-sm text-muted">{t('detectThresholdHint')}</p>
        </div>
        <div className="flex flex-col gap-1">
          <Slider
            label={t('matchThreshold')}
            value={draft.aiMatchThreshold}
            min={MATCH_THRESHOLD_MIN}
            max={MATCH_THRESHOLD_MAX}
            step={AI_SLIDER_STEP}
            formatValue={decimal}
            onValueChange={(value) => update({ aiMatchThreshold: hundredth(value) })}
          />
          <p className="text-sm text-muted">{t('matchThresholdHint')}</p>
        </div>
        <div className="flex flex-col gap-2">
          <p id={precisionLabelId} className="font-medium text-ink">
            {t('precisionMode')}
          </p>
          <RadioGroup.Root
            aria-labelledby={precisionLabelId}
            value={draft.aiPrecisionMode}
            onValueChange={(value) => {
              const parsed = precisionModeSchema.safeParse(value);
              if (parsed.success) update({ aiPrecisionMode: parsed.data });
            }}
            className="grid grid-cols-3 gap-2"
          >
            {PRECISION_MODES.map((mode) => {
              const [min, max] = PRECISION_MODE_SECONDS[mode];
              return (
                <RadioGroup.Item
                  key={mode}
                  value={mode}
                  className={clsx(
                    'flex min-h-14 flex-col items-center justify-center rounded-xl px-1 ring-1 ring-inset ring-line',
                    'text-brand-800 data-[state=checked]:bg-brand-700 data-[state=checked]:text-white data-[state=checked]:ring-brand-700',
                  )}
                >
                  <span className="font-semibold">{t(PRECISION_LABELS[mode])}</span>
                  <span className="text-xs opacity-80">{t('precisionSeconds', { min, max })}</span>
                </RadioGroup.Item>
              );
            })}
          </RadioGroup.Root>
        </div>
        <div className="flex flex-col gap-0.5">
          <Checkbox
            label={t('deviceInference')}
            checked={draft.aiDeviceInference}
            onCheckedChange={(checked) => update({ aiDeviceInference: checked })}
          />
          <p className="ps-9 text-sm text-muted">{t('deviceInferenceHint')}</p>
        </div>
        <Switch
          label={t('storeImages')}
          hint={t('storeImagesHint')}
          checked={draft.aiStoreImages}
          onCheckedChange={(checked) => update({ aiStoreImages: checked })}
        />
        <Slider
          label={t('maxPhotos')}
          value={draft.aiMaxPhotos}
          min={AI_MAX_PHOTOS_MIN}
          max={AI_MAX_PHOTOS_MAX}
          step={1}
          onValueChange={(value) => update({ aiMaxPhotos: Math.round(value) })}
        />
      </div>
    </Dialog>
  );
}
