import type { ProbeContext, RouteProbe } from '../../../test/probes'
import { portalPictures } from '../../db/schema'

const page = () => ({
  display_type: 'banner',
  title: `Lobby${Math.random().toString(36).slice(2, 8)}`,
  tips: 'Welcome',
  guide_url: 'https://example.com/welcome',
  scheme: 'blue',
})

/** A page of tenant A, made by its owner, for the calls that name one. */
async function ownPage({ ownerCall }: ProbeContext): Promise<number> {
  const { id } = await ownerCall<{ id: number }>('POST', '/backend/portal/page/add', { body: page() })
  return id
}

/** A picture of tenant A, filed as an upload would (the upload is multipart, outside the matrix). */
async function ownPicture({ app, world }: ProbeContext): Promise<number> {
  const [row] = await app.database.db
    .insert(portalPictures)
    .values({
      tenantId: world.a.tenantId,
      contentType: 'image/png',
      width: 1,
      height: 1,
      content: Buffer.from('png'),
    })
    .returning({ id: portalPictures.id })
  return row!.id
}

export const probes: RouteProbe[] = [
  {
    route: 'POST /backend/portal/page/list',
    about: 'the caller',
    request: () => ({ body: { pageIndex: 1, pageOffset: 10 } }),
  },
  {
    route: 'GET /backend/portal/page/info',
    about: 'tenant A',
    request: async (context) => ({ query: { id: String(await ownPage(context)) } }),
  },
  // names nothing of tenant A: another tenant's owner adds one of its own
  {
    route: 'POST /backend/portal/page/add',
    about: 'the caller',
    creates: true,
    request: () => ({ body: page() }),
  },
  {
    route: 'POST /backend/portal/page/save',
    about: 'tenant A',
    request: async (context) => ({
      body: { id: await ownPage(context), ...page(), banner_picture: await ownPicture(context) },
    }),
  },
  {
    route: 'POST /backend/portal/page/delete',
    about: 'tenant A',
    request: async (context) => ({ body: { id: await ownPage(context) } }),
  },
  {
    route: 'GET /backend/portal/picture',
    about: 'tenant A',
    request: async (context) => ({ query: { id: String(await ownPicture(context)) } }),
  },
]
