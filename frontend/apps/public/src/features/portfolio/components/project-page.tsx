import {
  getGetPortfolioProjectBySlugQueryKey,
  useGetPortfolioProject,
  useGetPortfolioProjectBySlug,
} from '@atelier/api-client/api';
import { t } from '@atelier/messages/intl';
import { ProjectArticle } from '@atelier/site/project-article';
import { LoadingPlaceholder, Skeleton } from '@atelier/ui/skeleton';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useRecordLanguage } from '@/lib/record-language';
import { ServerPreview, useKeepsServerContent } from '@/lib/server-preview';
import { parseProjectIdentifier } from '../project-identifier';

/** Looks the project up by id or by slug; opened by id, the address becomes /project/{slug}. */
const useProject = (slugOrId: string) => {
  const identifier = parseProjectIdentifier(slugOrId);
  const byId = useGetPortfolioProject(identifier.kind === 'id' ? identifier.id : '', undefined, {
    query: { enabled: identifier.kind === 'id' },
  });
  const bySlug = useGetPortfolioProjectBySlug(
    identifier.kind === 'slug' ? identifier.slug : '',
    undefined,
    {
      query: { enabled: identifier.kind === 'slug' },
    },
  );
  const result = identifier.kind === 'id' ? byId : bySlug;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const project = result.data;

  useEffect(() => {
    if (identifier.kind !== 'id' || !project?.slug) return;
    queryClient.setQueryData(getGetPortfolioProjectBySlugQueryKey(project.slug), project);
    navigate(`/project/${project.slug}`, { replace: true });
  }, [identifier.kind, project, navigate, queryClient]);

  return result;
};

function NotFound() {
  return (
    <section className="mx-auto max-w-2xl px-4 pt-36 pb-24 text-center">
      <h1 className="text-3xl font-bold text-gray-900">{t('project.notFound')}</h1>
      <p className="mt-4 text-gray-600">{t('project.notFoundBody')}</p>
      <Link
        to="/portfolio"
        className="mt-8 inline-block rounded-full bg-blue-600 px-6 py-3 font-semibold text-white hover:bg-blue-700"
      >
        {t('project.backToPortfolio')}
      </Link>
    </section>
  );
}

/**
 * /project/{slug-or-id}. The server sends the page with the project written in (its preview) and
 * its answers embedded (the project, the technologies, the tags): the page keeps the server's
 * article until it is hydrated, then draws the same from the seeded answers.
 */
export function ProjectPage() {
  const { slugOrId = '' } = useParams();
  const { data, error, isPending } = useProject(slugOrId);
  const keepsServerContent = useKeepsServerContent();
  const language = useRecordLanguage(data?.language);

  if (isPending || keepsServerContent) {
    return (
      <>
        <ServerPreview />
        <div className="mx-auto max-w-7xl px-4 pt-32 pb-16 sm:px-6 lg:px-8">
          <LoadingPlaceholder label={t('project.loading')} className="space-y-6">
            <Skeleton className="h-12 w-2/3" />
            <Skeleton className="h-5 w-1/2" />
            <div className="grid grid-cols-2 gap-4 md:grid-cols-4">
              <Skeleton className="h-20 rounded-2xl" />
              <Skeleton className="h-20 rounded-2xl" />
              <Skeleton className="h-20 rounded-2xl" />
              <Skeleton className="h-20 rounded-2xl" />
            </div>
            <Skeleton className="aspect-[16/10] w-full rounded-2xl lg:w-2/3" />
          </LoadingPlaceholder>
        </div>
      </>
    );
  }
  if (error || !data) return <NotFound />;
  return <ProjectArticle project={data} language={language} />;
}
