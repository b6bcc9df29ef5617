//! The settings screen's three cards.
import { Link } from 'react-router';
import { Card, primaryButton } from '@/kit/card';
import { CheckboxField, FieldRow, NumberField, TextField } from '@/kit/fields/fields';

/** Prices and how many services the home page lists, with a save of their own. */
export function ServiceSettingsCard({
  busy,
  onSave,
}: {
  busy: 'all' | 'services' | null;
  onSave: () => void;
}) {
  return (
    <Card
      title="Service Settings"
      description="How the services page shows prices, and how many services the home page lists."
      footer={
        <button type="button" onClick={onSave} disabled={busy !== null} className={primaryButton}>
          {busy === 'services' ? 'Saving…' : 'Save Service Settings'}
        </button>
      }
    >
      <CheckboxField name="services.showPrices" label="Show Service Prices" />
      <FieldRow>
        <TextField
          name="services.defaultPriceDisplay"
          label="Default Price Display"
          placeholder="Contact for Quote"
        />
        <NumberField
          name="services.maxServicesDisplay"
          label="Max Services to Display"
          min={1}
          max={12}
          hint="From 1 to 12."
        />
      </FieldRow>
    </Card>
  );
}

export function GeneralSettingsCard() {
  return (
    <Card title="General Settings">
      <FieldRow>
        <TextField name="siteName" label="Site Name" />
        <TextField
          name="siteDescription"
          label="Site Description"
          hint="Shown in the footer and used for search engines and link previews."
        />
      </FieldRow>
      <FieldRow>
        <TextField name="contactEmail" label="Contact Email" type="email" />
        <TextField name="supportEmail" label="Support Email" type="email" />
      </FieldRow>
    </Card>
  );
}

/** The social links live in Contact Details: the card says where. */
export function SocialLinksCard() {
  return (
    <Card title="Social Media Links">
      <p className="text-sm text-gray-600">
        The site has one list of social links, shown in the footer and given to search engines and
        link previews. Edit it in{' '}
        <Link to="/contact-details" className="font-medium text-blue-700 hover:underline">
          Contact Details
        </Link>
        .
      </p>
    </Card>
  );
}
