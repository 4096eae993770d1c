// Reads headings.tsv (group, heading) and prints each row with the anchor
// github-slugger gives it; the slugger starts afresh for every group, as a
// page does. Run by regenerate.sh.
import { readFileSync } from 'node:fs'
import GithubSlugger from 'github-slugger'

const rows = readFileSync(new URL('./headings.tsv', import.meta.url), 'utf8').split('\n')
let group = null
let slugger = new GithubSlugger()
for (const row of rows) {
  if (row === '') continue
  const [name, heading] = row.split('\t')
  if (name !== group) {
    group = name
    slugger = new GithubSlugger()
  }
  process.stdout.write(`${name}\t${heading}\t${slugger.slug(heading)}\n`)
}
