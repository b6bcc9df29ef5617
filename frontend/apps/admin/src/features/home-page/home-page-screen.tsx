import { getGetHomePageQueryKey, useGetHomePage, useSaveHomePage } from '@atelier/api-client/api';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useMemo } from 'react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { failedTo, serverMessageOr } from '@/kit/errors';
import { FieldRow, TextAreaField, TextField } from '@/kit/fields/fields';
import { ScreenHeader } from '@/kit/screen-header';
import { SingletonRecord } from '@/kit/singleton/singleton-record';
import { RecordLanguages } from '@/kit/translations/record-languages';
import { useScreenLanguages } from '@/kit/translations/screen-languages';
import { shortDate } from '@/kit/values';
import {
  HOME_PAGE_SAVED,
  homePageHistory,
  schema,
  toInput,
  toValues,
  type Values,
} from './home-page-form';
import { homeTranslations } from './home-page-translations';
import { HomePageView } from './home-page-view';
import { EMPTY_LINK, LINK_COLUMNS, LINK_HINT, ListField } from './list-field';
import { homePageScreen } from './screen';
import { SectionFields } from './section-fields';

/** The sections in the page's order, each movable. */
function Sections() {
  const { control } = useFormContext<Values>();
  const { fields, move } = useFieldArray({ control, name: 'sections' });
  return (
    <div className="space-y-3">
      <h3 className="text-lg font-semibold text-gray-900">Sections, in the page’s order</h3>
      {fields.map((field, index) => (
        <SectionFields key={field.id} index={index} count={fields.length} move={move} />
      ))}
    </div>
  );
}

/** Edit mode: the hero, the sections and the footer's services. */
function HomePageFields() {
  return (
    <>
      <fieldset className="space-y-3 rounded-xl border border-gray-200 p-4">
        <legend className="px-1 font-semibold text-gray-900">Hero</legend>
        <TextField name="hero.title" label="Title" required />
        <TextAreaField name="hero.subtitle" label="Subtitle" rows={3} />
        <ListField
          name="hero.links"
          legend="Buttons"
          noun="button"
          columns={LINK_COLUMNS}
          max={3}
          empty={EMPTY_LINK}
        />
        <p className="text-xs text-gray-500">{LINK_HINT}</p>
        <FieldRow>
          <TextField name="hero.trustedBy" label="Line under the buttons" />
        </FieldRow>
      </fieldset>
      <Sections />
      <ListField
        name="footerServices"
        legend="Footer services (each links to the home page’s services)"
        noun="service"
        columns={[{ field: 'text', label: 'Service' }]}
        max={12}
        empty={{ text: '' }}
      />
    </>
  );
}

/** Home Page: every text of the home page, its sections' order and visibility, the footer's services. */
export default function HomePageScreen() {
  const headingId = useId();
  const queryClient = useQueryClient();
  const query = useGetHomePage();
  const save = useSaveHomePage();
  // Its languages as tabs around it: a field for each text the page has now.
  const spec = useMemo(() => (query.data ? homeTranslations(query.data) : null), [query.data]);
  const languages = useScreenLanguages();
  const record = (
    <SingletonRecord
      shortcut={languages.shown}
      query={query}
      schema={schema}
      toValues={toValues}
      save={(values, version) => save.mutateAsync({ data: { ...toInput(values), version } })}
      recordName="home page"
      invalidates={[getGetHomePageQueryKey()[0]]}
      presence={{ kind: 'home-page', id: 'current' }}
      texts={{
        loading: 'Loading home page...',
        edit: 'Edit Home Page',
        saved: HOME_PAGE_SAVED,
        loadError: (error) => serverMessageOr(error, failedTo('fetch', 'home page')),
        saveError: (error) => serverMessageOr(error, failedTo('update', 'home page')),
        status: (home) =>
          home && home.updatedAt !== home.createdAt
            ? `Last saved ${shortDate(home.updatedAt)}`
            : 'The site’s original texts',
      }}
      fields={<HomePageFields />}
      view={(home) => <HomePageView home={home} />}
      history={{
        binding: homePageHistory,
        recordKey: 'home-page',
        label: 'Home page',
        onRestored: (restored) => queryClient.setQueryData(getGetHomePageQueryKey(), restored),
      }}
    />
  );
  return (
    <section aria-labelledby={headingId} className="mx-auto max-w-5xl space-y-5">
      <ScreenHeader
        headingId={headingId}
        title={homePageScreen.title}
        description="What visitors read on the home page, and the services listed in the footer. The site description and the social links are set in Settings and Contact Details."
      />
      <div className="rounded-xl border border-gray-200 bg-white p-5 shadow-sm sm:p-6">
        {spec && query.data ? (
          <RecordLanguages spec={spec} row={query.data} form={languages.form}>
            {record}
          </RecordLanguages>
        ) : (
          record
        )}
        {languages.dialog}
      </div>
    </section>
  );
}
