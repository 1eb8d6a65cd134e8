/** `npm run routes`: the declared client routes, one per line (read by spec-coverage). */
import { ROUTES } from '../src/app/routes'

process.stdout.write(ROUTES.map((r) => r.path).join('\n') + '\n')
