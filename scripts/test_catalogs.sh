#!/usr/bin/env bash
# Part of `make test`: every catalog (po/*.po, po/controls/*.po) is current with its template
# and translates every message — none untranslated, none fuzzy — so no language shows a stray
# line of another. The one exception: English needs no translation of a message that is
# English already (the option help, the metainfo), which gettext shows as it is.
set -euo pipefail
cd "$(dirname "$0")/.."
status=0
# The templates come from the files POTFILES lists: a file that moved, or a new one that says
# something, left out of them takes its messages (and their translations) out of every catalog.
listed=$(grep -hv '^#' po/POTFILES po/controls/POTFILES)
for file in $listed; do
    [ -f "$file" ] || { echo "catalogs: POTFILES lists $file, which does not exist"; status=1; }
done
while read -r file; do
    grep -qxF "$file" <<<"$listed" || { echo "catalogs: $file says something translatable but no POTFILES lists it"; status=1; }
done < <(grep -rl --include='*.swift' 'localized("' Sources)
for catalog in po/*.po po/controls/*.po; do
    template=$(ls "$(dirname "$catalog")"/*.pot)
    # A message of the template that the catalog lacks is as untranslated as an empty one.
    missing=$(msgcomm --less-than=2 --unique --no-wrap "$template" "$catalog" 2>/dev/null | grep -c '^msgid "..*"' || true)
    lacking=$(msgattrib --untranslated --no-wrap "$catalog" | /usr/bin/python3 -c '
import re, sys
language = sys.argv[1]
ids = re.findall(r"^msgid \"(.*)\"$", sys.stdin.read(), re.M)
han = re.compile(r"[\u3400-\u9fff]")
print("\n".join(i for i in ids if i and (language != "en" or han.search(i))))
' "$(basename "$catalog" .po)")
    fuzzy=$(msgattrib --only-fuzzy --no-wrap "$catalog" | grep -c '^msgid "..*"' || true)
    if [ -n "$lacking" ] || [ "$fuzzy" != 0 ] || [ "$missing" != 0 ]; then
        echo "catalogs: $catalog: $fuzzy fuzzy, $missing not merged from $template, untranslated:"
        [ -z "$lacking" ] || printf '    %s\n' "$lacking"
        status=1
    else
        echo "catalogs: $catalog: complete"
    fi
done
exit $status
