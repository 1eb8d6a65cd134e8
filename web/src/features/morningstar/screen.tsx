import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react'
import { useLocation } from 'react-router'

/** The Morningstar routes share one entry in the route table (the first route carries one
 * loader, not six); each page is still its own chunk, loaded here by the route's path. */
const PAGES: [string, LazyExoticComponent<ComponentType>][] = [
  ['/morningstar/questionnaire', lazy(() => import('./pages/questionnaire'))],
  ['/questionnaireResult', lazy(() => import('./pages/questionnaire-result'))],
  ['/question', lazy(() => import('./pages/question'))],
  ['/diagnoseResult', lazy(() => import('./pages/diagnose-result'))],
  ['/diagnose', lazy(() => import('./pages/diagnose'))],
  ['/fa/msProposalDetail', lazy(() => import('./pages/ms-proposal-detail'))],
]

export default function MorningstarScreen() {
  const { pathname } = useLocation()
  const Page = PAGES.find(([path]) => pathname.endsWith(path))?.[1]
  return <Suspense fallback={null}>{Page && <Page />}</Suspense>
}
