#!/usr/bin/env bash
# generate.sh — regenerates the demo media in seed-assets/content/ for the
# "Demo d.o.o." demo tenant of Kanal.
#
# Run by hand by a developer, when the demo media should change. It is never
# run by CI, by `npm install` or by the seed: the seed only reads the files this
# script wrote, which are committed.
#
# Needs (Debian package names):
#   chromium            renders the HTML/SVG below to PNG screenshots and PDFs
#   ffmpeg              PNG -> JPEG, and the WebM video (libvpx-vp9, drawing filters)
#   fonts-dejavu-core   DejaVu Sans, used for all text (covers č ć đ š ž)
#   poppler-utils       optional: pdftotext/pdfinfo for the checks printed at the end
#   e.g.: apt-get update && apt-get install -y chromium ffmpeg fonts-dejavu-core poppler-utils
#
# Writes (and overwrites) these files in seed-assets/content/:
#   office.jpg warehouse.jpg safety.jpg team.jpg product.jpg promo.jpg
#   pricelist.jpg survey.jpg equipment.jpg
#       JPEG 1200x675, each under 80 KB
#   intro.webm
#       VP9 WebM, 640x360, 6 s, 25 fps, no audio, under 400 KB
#   pravilnik-zastite-na-radu.pdf upute-za-skladiste.pdf cjenik-2026.pdf
#       A4 PDFs in Croatian, each under 60 KB
#
# Every source (HTML, SVG) is inline below; temporary files go to a scratch
# directory that is removed at the end.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
OUT="$HERE/content"
TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT
mkdir -p "$OUT"

for tool in chromium ffmpeg; do
  command -v "$tool" >/dev/null || { echo "missing: $tool (see the top of $0)" >&2; exit 1; }
done

CHROME=(chromium --headless --no-sandbox --disable-gpu --hide-scrollbars
  --user-data-dir="$TMP/chrome-profile" --no-first-run --disable-extensions)

# screenshot HTML_FILE PNG_FILE WIDTH HEIGHT [transparent]
screenshot() {
  local extra=()
  [[ "${5:-}" == transparent ]] && extra=(--default-background-color=00000000)
  "${CHROME[@]}" "${extra[@]}" --window-size="$3,$4" --force-device-scale-factor=1 \
    --screenshot="$2" "file://$1" >/dev/null 2>&1
  [[ -s "$2" ]] || { echo "chromium did not render $1" >&2; exit 1; }
}

# to_jpeg PNG JPG MAX_BYTES: best JPEG quality that stays under MAX_BYTES
to_jpeg() {
  local q
  for q in 2 3 4 5 6 7 8 10 12 15; do
    ffmpeg -loglevel error -y -i "$1" -pix_fmt yuvj420p -q:v "$q" "$2"
    (( $(stat -c %s "$2") < $3 )) && return 0
  done
  echo "$2 stays over $3 bytes" >&2; exit 1
}

# ---------------------------------------------------------------- images ----
# Shared page: a gradient background, a caption block on the left and an
# inline SVG illustration on the right. No organisation's name or mark: the
# banners serve any tenant's demo content. Arguments: NAME BG1 BG2 ACCENT
# ACCENT_TEXT KICKER TITLE SUBTITLE; the SVG (viewBox 0 0 520 520) comes on
# standard input.
image() {
  local name="$1" bg1="$2" bg2="$3" accent="$4" accent_fg="$5" kicker="$6" title="$7" sub="$8"
  local svg; svg="$(cat)"
  cat >"$TMP/$name.html" <<HTML
<!doctype html><html lang="hr"><head><meta charset="utf-8"><style>
  html,body{margin:0;width:1200px;height:675px;overflow:hidden}
  body{font-family:"DejaVu Sans",sans-serif;color:#fff;position:relative;
       background:linear-gradient(135deg,$bg1 0%,$bg2 100%)}
  .blob{position:absolute;border-radius:50%;background:rgba(255,255,255,.08)}
  .b1{width:520px;height:520px;right:-120px;top:-160px}
  .b2{width:300px;height:300px;left:-90px;bottom:-120px}
  .b3{width:140px;height:140px;left:470px;top:60px;background:rgba(255,255,255,.06)}
  .text{position:absolute;left:80px;top:0;bottom:0;width:560px;display:flex;
        flex-direction:column;justify-content:center}
  .kicker{display:inline-block;align-self:flex-start;background:$accent;color:$accent_fg;
          font-weight:bold;font-size:20px;letter-spacing:2px;text-transform:uppercase;
          padding:8px 16px;border-radius:8px;margin-bottom:26px}
  h1{font-size:60px;line-height:1.08;margin:0 0 22px;font-weight:bold;
     text-shadow:0 3px 12px rgba(0,0,0,.18)}
  p{font-size:26px;line-height:1.35;margin:0;opacity:.92}
  .art{position:absolute;right:60px;top:78px;width:520px;height:520px}
</style></head><body>
  <div class="blob b1"></div><div class="blob b2"></div><div class="blob b3"></div>
  <div class="text">
    <span class="kicker">$kicker</span>
    <h1>$title</h1>
    <p>$sub</p>
  </div>
  <svg class="art" viewBox="0 0 520 520" xmlns="http://www.w3.org/2000/svg">$svg</svg>
</body></html>
HTML
  screenshot "$TMP/$name.html" "$TMP/$name.png" 1200 675
  to_jpeg "$TMP/$name.png" "$OUT/$name.jpg" 80000
}

# office.jpg — onboarding: a desk with a laptop, a plant and a window.
image office '#1f5fbf' '#0ea5a4' '#fde68a' '#111827' 'Uvođenje u posao' \
  'Dobrodošli<br>u naš ured!' 'Prvi dan, prvi koraci: sve što novi kolega treba znati na jednom mjestu.' <<'SVG'
  <circle cx="260" cy="260" r="240" fill="#ffffff" opacity=".12"/>
  <rect x="70" y="60" width="200" height="150" rx="10" fill="#bfe3ff" stroke="#ffffff" stroke-width="8"/>
  <line x1="170" y1="60" x2="170" y2="210" stroke="#ffffff" stroke-width="6"/>
  <line x1="70" y1="135" x2="270" y2="135" stroke="#ffffff" stroke-width="6"/>
  <circle cx="225" cy="100" r="18" fill="#fde68a"/>
  <rect x="320" y="70" width="130" height="90" rx="8" fill="#ffffff" opacity=".9"/>
  <rect x="335" y="88" width="70" height="10" rx="5" fill="#1f5fbf"/>
  <rect x="335" y="108" width="100" height="8" rx="4" fill="#94a3b8"/>
  <rect x="335" y="124" width="85" height="8" rx="4" fill="#94a3b8"/>
  <rect x="40" y="330" width="440" height="24" rx="8" fill="#7c4a1e"/>
  <rect x="70" y="354" width="18" height="130" fill="#5b3715"/>
  <rect x="432" y="354" width="18" height="130" fill="#5b3715"/>
  <rect x="150" y="215" width="220" height="140" rx="12" fill="#1e293b"/>
  <rect x="162" y="227" width="196" height="108" rx="6" fill="#38bdf8"/>
  <rect x="180" y="248" width="100" height="12" rx="6" fill="#ffffff"/>
  <rect x="180" y="270" width="150" height="9" rx="4" fill="#e0f2fe"/>
  <rect x="180" y="288" width="130" height="9" rx="4" fill="#e0f2fe"/>
  <rect x="180" y="306" width="60" height="16" rx="8" fill="#fde68a"/>
  <path d="M120 330h280l26 -8H94z" fill="#334155"/>
  <rect x="400" y="270" width="46" height="60" rx="8" fill="#f97316"/>
  <path d="M423 270c-30-40-10-80 0-90c10 10 30 50 0 90z" fill="#22c55e"/>
  <path d="M423 270c-40-20-50-55-45-70c15 5 45 30 45 70z" fill="#16a34a"/>
  <path d="M423 270c40-20 50-55 45-70c-15 5-45 30-45 70z" fill="#15803d"/>
  <rect x="60" y="300" width="60" height="30" rx="6" fill="#ffffff"/>
  <path d="M120 308h10a8 8 0 0 1 0 16h-10" fill="none" stroke="#ffffff" stroke-width="5"/>
SVG

# safety.jpg — safety at work: a hard hat and a warning triangle.
image safety '#f59e0b' '#b45309' '#111827' '#fde047' 'Zaštita na radu' \
  'Sigurnost<br>je na prvom mjestu' 'Kaciga, rukavice i oprez: pet minuta za pravila koja čuvaju zdravlje.' <<'SVG'
  <circle cx="260" cy="270" r="235" fill="#ffffff" opacity=".14"/>
  <g transform="translate(20,50) rotate(-8 110 110)">
    <path d="M20 200 L110 44 L200 200 Z" fill="#111827" stroke="#111827" stroke-width="22" stroke-linejoin="round"/>
    <path d="M42 189 L110 72 L178 189 Z" fill="#fde047"/>
    <rect x="101" y="104" width="18" height="52" rx="9" fill="#111827"/>
    <circle cx="110" cy="172" r="10" fill="#111827"/>
  </g>
  <ellipse cx="330" cy="420" rx="170" ry="26" fill="#000000" opacity=".18"/>
  <path d="M190 380 C190 250 260 190 330 190 C400 190 470 250 470 380 Z" fill="#fde047" stroke="#111827" stroke-width="10"/>
  <path d="M300 194 C292 250 292 320 296 380 L364 380 C368 320 368 250 360 194 Z" fill="#facc15" stroke="#111827" stroke-width="8"/>
  <rect x="160" y="372" width="340" height="34" rx="17" fill="#fde047" stroke="#111827" stroke-width="10"/>
  <path d="M230 300 C240 250 270 225 300 215" fill="none" stroke="#ffffff" stroke-width="12" stroke-linecap="round" opacity=".7"/>
  <g transform="translate(398,60)">
    <rect width="90" height="90" rx="18" fill="#16a34a"/>
    <rect x="36" y="16" width="18" height="58" rx="4" fill="#ffffff"/>
    <rect x="16" y="36" width="58" height="18" rx="4" fill="#ffffff"/>
  </g>
SVG

# team.jpg — team: four people figures and speech bubbles.
image team '#7c3aed' '#db2777' '#a7f3d0' '#111827' 'Naš tim' \
  'Zajedno<br>smo jači' 'Upoznajte kolege iz ureda, prodaje i skladišta: jedan tim, jedan cilj.' <<'SVG'
  <circle cx="260" cy="280" r="230" fill="#ffffff" opacity=".12"/>
  <g>
    <circle cx="130" cy="235" r="46" fill="#fcd9b6"/>
    <path d="M84 230c0-40 30-58 48-58s46 16 46 50c-20-16-60-10-94 8z" fill="#3f2a1d"/>
    <path d="M60 420c0-90 40-130 70-130s70 40 70 130z" fill="#22d3ee"/>
  </g>
  <g>
    <circle cx="390" cy="235" r="46" fill="#e0ac7e"/>
    <path d="M344 236c-6-50 24-70 46-70s54 20 46 70c-6-30-20-36-46-36s-40 6-46 36z" fill="#1f2937"/>
    <path d="M320 420c0-90 40-130 70-130s70 40 70 130z" fill="#fbbf24"/>
  </g>
  <g>
    <circle cx="260" cy="205" r="54" fill="#f1c27d"/>
    <path d="M206 200c0-46 30-66 54-66s56 22 54 66c-10-24-40-34-54-34s-46 8-54 34z" fill="#b45309"/>
    <path d="M176 450c0-110 46-160 84-160s84 50 84 160z" fill="#a7f3d0"/>
    <rect x="236" y="320" width="48" height="10" rx="5" fill="#ffffff"/>
  </g>
  <g transform="translate(40,60)">
    <rect width="120" height="70" rx="20" fill="#ffffff"/>
    <path d="M30 70l-6 26l28-26z" fill="#ffffff"/>
    <circle cx="35" cy="35" r="8" fill="#7c3aed"/><circle cx="60" cy="35" r="8" fill="#7c3aed"/><circle cx="85" cy="35" r="8" fill="#7c3aed"/>
  </g>
  <g transform="translate(370,50)">
    <rect width="110" height="80" rx="20" fill="#ffffff"/>
    <path d="M80 80l10 24l-30-24z" fill="#ffffff"/>
    <path d="M55 62c-30-18-34-38-20-46c10-5 18 2 20 8c2-6 10-13 20-8c14 8 10 28-20 46z" fill="#db2777"/>
  </g>
  <rect x="40" y="448" width="440" height="14" rx="7" fill="#ffffff" opacity=".35"/>
SVG

# product.jpg — a product box (isometric) with a label.
image product '#ea580c' '#be123c' '#fef3c7' '#111827' 'Novo u ponudi' \
  'Upoznajte naš<br>novi proizvod' 'Što je novo, kome je namijenjeno i kako ga predstaviti kupcu.' <<'SVG'
  <circle cx="260" cy="270" r="235" fill="#ffffff" opacity=".13"/>
  <ellipse cx="260" cy="455" rx="190" ry="28" fill="#000000" opacity=".2"/>
  <path d="M260 130 L450 220 L260 310 L70 220 Z" fill="#fcd34d"/>
  <path d="M70 220 L260 310 L260 450 L70 360 Z" fill="#f59e0b"/>
  <path d="M450 220 L260 310 L260 450 L450 360 Z" fill="#d97706"/>
  <path d="M165 175 L355 265 L355 300 L165 210 Z" fill="#fef3c7" opacity=".9"/>
  <path d="M355 265 L355 300 L375 291 L375 256 Z" fill="#fde68a"/>
  <path d="M110 265 L220 318 L220 385 L110 332 Z" fill="#ffffff"/>
  <path d="M125 288 L205 327" stroke="#be123c" stroke-width="10" stroke-linecap="round"/>
  <path d="M125 310 L185 339" stroke="#94a3b8" stroke-width="7" stroke-linecap="round"/>
  <path d="M125 328 L175 352" stroke="#94a3b8" stroke-width="7" stroke-linecap="round"/>
  <path d="M300 380 L330 366 L330 400 L300 414 Z" fill="#92400e" opacity=".5"/>
  <path d="M345 359 L360 352 L360 386 L345 393 Z" fill="#92400e" opacity=".5"/>
  <path d="M375 345 L395 336 L395 370 L375 379 Z" fill="#92400e" opacity=".5"/>
  <g fill="#ffffff">
    <path d="M440 80 l8 22 l22 8 l-22 8 l-8 22 l-8 -22 l-22 -8 l22 -8z"/>
    <path d="M90 90 l5 14 l14 5 l-14 5 l-5 14 l-5 -14 l-14 -5 l14 -5z" opacity=".8"/>
    <path d="M470 400 l4 10 l10 4 l-10 4 l-4 10 l-4 -10 l-10 -4 l10 -4z" opacity=".8"/>
  </g>
SVG

# warehouse.jpg — shelves with boxes and a pallet truck.
image warehouse '#0f766e' '#1e3a8a' '#fdba74' '#111827' 'Skladište' \
  'Red na policama,<br>brža otprema' 'Zaprimanje, slaganje i izdavanje robe: kratki vodič za skladište.' <<'SVG'
  <circle cx="260" cy="260" r="240" fill="#ffffff" opacity=".10"/>
  <g stroke="#cbd5e1" stroke-width="10" stroke-linecap="round">
    <line x1="60" y1="60" x2="60" y2="450"/><line x1="460" y1="60" x2="460" y2="450"/>
    <line x1="60" y1="170" x2="460" y2="170"/><line x1="60" y1="290" x2="460" y2="290"/>
    <line x1="60" y1="410" x2="460" y2="410"/>
  </g>
  <g>
    <rect x="80" y="100" width="90" height="65" rx="4" fill="#fdba74"/><rect x="115" y="100" width="20" height="65" fill="#fb923c"/>
    <rect x="180" y="115" width="70" height="50" rx="4" fill="#fcd34d"/><rect x="205" y="115" width="20" height="50" fill="#fbbf24"/>
    <rect x="300" y="90" width="140" height="75" rx="4" fill="#fdba74"/><rect x="360" y="90" width="20" height="75" fill="#fb923c"/>
    <rect x="80" y="215" width="110" height="70" rx="4" fill="#fcd34d"/><rect x="125" y="215" width="20" height="70" fill="#fbbf24"/>
    <rect x="200" y="235" width="60" height="50" rx="4" fill="#fdba74"/>
    <rect x="270" y="205" width="80" height="80" rx="4" fill="#fdba74"/><rect x="300" y="205" width="20" height="80" fill="#fb923c"/>
    <rect x="360" y="230" width="80" height="55" rx="4" fill="#fcd34d"/>
    <rect x="80" y="345" width="70" height="60" rx="4" fill="#fdba74"/>
    <rect x="160" y="325" width="90" height="80" rx="4" fill="#fcd34d"/><rect x="195" y="325" width="20" height="80" fill="#fbbf24"/>
  </g>
  <g transform="translate(300,348)">
    <rect x="0" y="70" width="150" height="14" rx="4" fill="#475569"/>
    <rect x="10" y="10" width="130" height="60" rx="4" fill="#fdba74"/><rect x="65" y="10" width="20" height="60" fill="#fb923c"/>
    <path d="M150 84 L150 -20 L175 -40" fill="none" stroke="#ef4444" stroke-width="10" stroke-linecap="round" stroke-linejoin="round"/>
    <circle cx="25" cy="96" r="12" fill="#0f172a"/><circle cx="130" cy="96" r="12" fill="#0f172a"/>
  </g>
  <g transform="translate(74,20)">
    <rect width="64" height="30" rx="6" fill="#ffffff"/><text x="32" y="21" text-anchor="middle" font-family="DejaVu Sans" font-weight="bold" font-size="16" fill="#1e3a8a">A-01</text>
  </g>
SVG

# pricelist.jpg — a price list: a sheet with rows of prices and a price tag.
image pricelist '#0f766e' '#155e75' '#fde68a' '#111827' 'Prodaja' \
  'Novi cjenik<br>za 2026.' 'Ažurirane cijene i uvjeti za ključne kupce, na jednom mjestu.' <<'SVG'
  <circle cx="260" cy="260" r="235" fill="#ffffff" opacity=".12"/>
  <rect x="110" y="60" width="280" height="380" rx="16" fill="#ffffff"/>
  <rect x="140" y="95" width="150" height="20" rx="10" fill="#0f766e"/>
  <g fill="#cbd5e1">
    <rect x="140" y="150" width="140" height="12" rx="6"/><rect x="140" y="195" width="120" height="12" rx="6"/>
    <rect x="140" y="240" width="150" height="12" rx="6"/><rect x="140" y="285" width="110" height="12" rx="6"/>
    <rect x="140" y="330" width="135" height="12" rx="6"/>
  </g>
  <g fill="#0f766e">
    <rect x="300" y="150" width="60" height="12" rx="6"/><rect x="300" y="195" width="60" height="12" rx="6"/>
    <rect x="300" y="240" width="60" height="12" rx="6"/><rect x="300" y="285" width="60" height="12" rx="6"/>
    <rect x="300" y="330" width="60" height="12" rx="6"/>
  </g>
  <g transform="rotate(-18 400 380)">
    <path d="M330 330h120a14 14 0 0 1 14 14v72a14 14 0 0 1-14 14H330l-40-50z" fill="#fde68a" stroke="#111827" stroke-width="6"/>
    <circle cx="318" cy="380" r="9" fill="#111827"/>
    <text x="385" y="394" text-anchor="middle" font-family="DejaVu Sans" font-weight="bold" font-size="40" fill="#111827">€</text>
  </g>
SVG

# survey.jpg — an opinion survey: a card with stars and a speech bubble.
image survey '#2563eb' '#7c3aed' '#fbcfe8' '#111827' 'Anketa' \
  'Vaše mišljenje<br>je važno' 'Nekoliko kratkih pitanja, bez imena: recite nam što vam odgovara.' <<'SVG'
  <circle cx="260" cy="260" r="235" fill="#ffffff" opacity=".12"/>
  <rect x="70" y="120" width="300" height="220" rx="24" fill="#ffffff"/>
  <g fill="#fbbf24" stroke="#b45309" stroke-width="4" stroke-linejoin="round">
    <path d="M120 210l14 28 31 4-22 22 5 31-28-15-28 15 5-31-22-22 31-4z"/>
    <path d="M220 210l14 28 31 4-22 22 5 31-28-15-28 15 5-31-22-22 31-4z"/>
    <path d="M320 210l14 28 31 4-22 22 5 31-28-15-28 15 5-31-22-22 31-4z" fill="#e2e8f0" stroke="#94a3b8"/>
  </g>
  <rect x="110" y="150" width="160" height="16" rx="8" fill="#2563eb"/>
  <path d="M300 330h150a24 24 0 0 1 24 24v70a24 24 0 0 1-24 24h-90l-40 34v-34h-20a24 24 0 0 1-24-24v-70a24 24 0 0 1 24-24z" fill="#fbcfe8"/>
  <g fill="#7c3aed"><circle cx="340" cy="390" r="10"/><circle cx="375" cy="390" r="10"/><circle cx="410" cy="390" r="10"/></g>
SVG

# equipment.jpg — equipment for field work: a laptop, a phone and a headset.
image equipment '#0369a1' '#0f766e' '#bbf7d0' '#111827' 'Oprema' \
  'Oprema za<br>rad na terenu' 'Prijenosno računalo, mobitel ili nešto treće: javite što vam treba.' <<'SVG'
  <circle cx="260" cy="260" r="235" fill="#ffffff" opacity=".12"/>
  <rect x="90" y="150" width="270" height="180" rx="14" fill="#1e293b"/>
  <rect x="106" y="166" width="238" height="148" rx="8" fill="#7dd3fc"/>
  <rect x="126" y="190" width="120" height="14" rx="7" fill="#ffffff"/>
  <rect x="126" y="216" width="180" height="10" rx="5" fill="#e0f2fe"/>
  <rect x="126" y="236" width="150" height="10" rx="5" fill="#e0f2fe"/>
  <path d="M60 330h330l-24 26H84z" fill="#334155"/>
  <rect x="380" y="200" width="90" height="170" rx="16" fill="#111827"/>
  <rect x="390" y="216" width="70" height="130" rx="8" fill="#bbf7d0"/>
  <circle cx="425" cy="358" r="6" fill="#475569"/>
  <path d="M150 120a75 75 0 0 1 150 0" fill="none" stroke="#bbf7d0" stroke-width="14" stroke-linecap="round"/>
  <rect x="130" y="110" width="34" height="50" rx="12" fill="#bbf7d0"/>
  <rect x="286" y="110" width="34" height="50" rx="12" fill="#bbf7d0"/>
SVG

# promo.jpg — a promotional banner "Akcija -20%". Its own layout.
cat >"$TMP/promo.html" <<'HTML'
<!doctype html><html lang="hr"><head><meta charset="utf-8"><style>
  html,body{margin:0;width:1200px;height:675px;overflow:hidden}
  body{font-family:"DejaVu Sans",sans-serif;color:#fff;position:relative;
       background:linear-gradient(120deg,#e11d48 0%,#f43f5e 45%,#f97316 100%)}
  .stripes{position:absolute;inset:0;opacity:.10;
    background:repeating-linear-gradient(-45deg,#fff 0 28px,transparent 28px 70px)}
  .burst{position:absolute;right:90px;top:110px;width:440px;height:440px}
  .text{position:absolute;left:80px;top:105px;width:640px}
  .kicker{display:inline-block;background:#111827;color:#fde047;font-weight:bold;
          font-size:22px;letter-spacing:3px;padding:10px 18px;border-radius:10px}
  h1{font-size:120px;line-height:1;margin:26px 0 10px;font-weight:bold;
     text-shadow:0 6px 18px rgba(0,0,0,.2)}
  p{font-size:30px;line-height:1.35;margin:0 0 28px;max-width:560px}
  .tag{display:inline-block;background:#fff;color:#e11d48;font-weight:bold;
       font-size:24px;padding:12px 24px;border-radius:40px}
</style></head><body>
  <div class="stripes"></div>
  <div class="text">
    <span class="kicker">SAMO OVAJ TJEDAN</span>
    <h1>Akcija</h1>
    <p>Popust na cijeli asortiman uredskog pribora. Pitajte prodaju za detalje!</p>
    <span class="tag">vrijedi do isteka zaliha</span>
  </div>
  <svg class="burst" viewBox="0 0 440 440" xmlns="http://www.w3.org/2000/svg">
    <polygon fill="#fde047" points="220,10 254,76 322,41 328,117 402,111 376,182 440,220 376,258 402,329 328,323 322,399 254,364 220,430 186,364 118,399 112,323 38,329 64,258 0,220 64,182 38,111 112,117 118,41 186,76"/>
    <circle cx="220" cy="220" r="150" fill="#111827"/>
    <circle cx="220" cy="220" r="136" fill="none" stroke="#fde047" stroke-width="4" stroke-dasharray="10 10"/>
    <text x="220" y="248" text-anchor="middle" font-family="DejaVu Sans" font-weight="bold" font-size="80" fill="#fde047">−20%</text>
    <text x="220" y="305" text-anchor="middle" font-family="DejaVu Sans" font-weight="bold" font-size="24" letter-spacing="4" fill="#ffffff">POPUST</text>
  </svg>
</body></html>
HTML
screenshot "$TMP/promo.html" "$TMP/promo.png" 1200 675
to_jpeg "$TMP/promo.png" "$OUT/promo.jpg" 80000

# ----------------------------------------------------------------- video ----
# intro.webm: a moving gradient, drifting translucent shapes and a title card
# that slides up and fades in, then a subtitle. The title card and shapes are
# transparent PNGs rendered by chromium; ffmpeg animates them.
cat >"$TMP/title.html" <<'HTML'
<!doctype html><html lang="hr"><head><meta charset="utf-8"><style>
  html,body{margin:0;width:640px;height:360px;background:transparent;overflow:hidden}
  body{font-family:"DejaVu Sans",sans-serif;color:#fff;display:flex;flex-direction:column;
       align-items:center;justify-content:center;text-align:center}
  .logo{margin-bottom:14px}
  h1{font-size:40px;line-height:1.15;margin:0;font-weight:bold;text-shadow:0 3px 10px rgba(0,0,0,.3)}
</style></head><body>
  <svg class="logo" width="64" height="64" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#1f5fbf"/><path d="M16 46V18h8l16 18V18h8v28h-8L24 28v18z" fill="#fff"/></svg>
  <h1>Dobrodošli u<br>Demo d.o.o.</h1>
</body></html>
HTML
cat >"$TMP/subtitle.html" <<'HTML'
<!doctype html><html lang="hr"><head><meta charset="utf-8"><style>
  html,body{margin:0;width:640px;height:60px;background:transparent;overflow:hidden}
  body{font-family:"DejaVu Sans",sans-serif;display:flex;align-items:center;justify-content:center}
  span{background:rgba(255,255,255,.92);color:#1f5fbf;font-weight:bold;font-size:20px;
       padding:8px 18px;border-radius:22px}
</style></head><body><span>Ured · Prodaja · Skladište — jedan tim</span></body></html>
HTML
cat >"$TMP/shapes.html" <<'HTML'
<!doctype html><html><head><style>
  html,body{margin:0;width:200px;height:200px;background:transparent;overflow:hidden}
</style></head><body>
  <svg width="200" height="200" viewBox="0 0 200 200"><circle cx="100" cy="100" r="96" fill="#ffffff" fill-opacity=".16"/><circle cx="100" cy="100" r="60" fill="#ffffff" fill-opacity=".12"/></svg>
</body></html>
HTML
screenshot "$TMP/title.html" "$TMP/title.png" 640 360 transparent
screenshot "$TMP/subtitle.html" "$TMP/subtitle.png" 640 60 transparent
screenshot "$TMP/shapes.html" "$TMP/shapes.png" 200 200 transparent

DUR=6
VIDEO_IN=(
  -f lavfi -i "gradients=s=640x360:r=25:d=$DUR:c0=0x1f5fbf:c1=0x0ea5a4:c2=0x7c3aed:n=3:x0=120:y0=60:x1=520:y1=300:seed=7:speed=0.02"
  -loop 1 -framerate 25 -t "$DUR" -i "$TMP/shapes.png"
  -loop 1 -framerate 25 -t "$DUR" -i "$TMP/title.png"
  -loop 1 -framerate 25 -t "$DUR" -i "$TMP/subtitle.png"
)
VIDEO_FILTER="
  [1:v]format=rgba,split[s1][s2];
  [s2]scale=120:120[s2s];
  [2:v]format=rgba,fade=in:st=0.4:d=1.0:alpha=1[t];
  [3:v]format=rgba,fade=in:st=2.2:d=0.8:alpha=1[st];
  [0:v][s1]overlay=x='-220+90*t':y='20+12*sin(t*1.4)':shortest=1[a];
  [a][s2s]overlay=x='560-70*t':y='230+18*cos(t*1.1)'[b];
  [b][t]overlay=x=0:y='-24+max(0,24-24*(t-0.4))'[c];
  [c][st]overlay=x=0:y='292+max(0,16-20*(t-2.2))',fade=out:st=5.4:d=0.6,format=yuv420p[v]"
VP9=(-map "[v]" -an -c:v libvpx-vp9 -b:v 300k -maxrate 450k -row-mt 1 -deadline good -cpu-used 2
  -passlogfile "$TMP/vp9")
# two-pass VP9 at ~300 kbit/s: about 200-250 KB for 6 s
ffmpeg -loglevel error -y "${VIDEO_IN[@]}" -filter_complex "$VIDEO_FILTER" "${VP9[@]}" -pass 1 -f webm /dev/null
ffmpeg -loglevel error -y "${VIDEO_IN[@]}" -filter_complex "$VIDEO_FILTER" "${VP9[@]}" -pass 2 "$OUT/intro.webm"

# ------------------------------------------------------------------ PDFs ----
PDF_CSS='
  @page{size:A4;margin:18mm 18mm 20mm}
  body{font-family:"DejaVu Sans",sans-serif;font-size:10.5pt;line-height:1.5;color:#1f2937}
  header{display:flex;align-items:center;gap:12px;border-bottom:3px solid #1f5fbf;padding-bottom:10px;margin-bottom:18px}
  header .co{font-weight:bold;color:#1f5fbf;font-size:12pt}
  header .meta{margin-left:auto;text-align:right;font-size:8.5pt;color:#6b7280}
  h1{font-size:19pt;margin:0 0 6px;color:#111827}
  .lead{color:#4b5563;margin:0 0 16px}
  h2{font-size:12.5pt;color:#1f5fbf;margin:18px 0 6px}
  ol.rules{padding-left:0;list-style:none;counter-reset:r}
  ol.rules li{counter-increment:r;position:relative;padding:8px 10px 8px 46px;margin-bottom:6px;background:#f3f6fb;border-radius:6px;break-inside:avoid}
  ol.rules li::before{content:counter(r) ".";position:absolute;left:12px;top:8px;font-weight:bold;color:#1f5fbf;font-size:12pt}
  ol.rules li b{color:#111827}
  table{width:100%;border-collapse:collapse;margin-top:6px}
  th{background:#1f5fbf;color:#fff;text-align:left;padding:7px 8px;font-size:9.5pt}
  td{padding:7px 8px;border-bottom:1px solid #e5e7eb;font-size:9.5pt}
  tr:nth-child(even) td{background:#f8fafc}
  td.num,th.num{text-align:right}
  th,td:not(:nth-child(2)){white-space:nowrap}
  .note{font-size:9pt;color:#4b5563;margin-top:14px}
  .sign{margin-top:26px;display:flex;justify-content:space-between;font-size:9.5pt}
  .sign div{width:45%;border-top:1px solid #9ca3af;padding-top:4px}
  footer{margin-top:22px;font-size:8.5pt;color:#6b7280;border-top:1px solid #e5e7eb;padding-top:6px}
'
PDF_LOGO='<svg width="34" height="34" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#1f5fbf"/><path d="M16 46V18h8l16 18V18h8v28h-8L24 28v18z" fill="#fff"/></svg>'

# pdf NAME TITLE: the body HTML comes on standard input.
pdf() {
  local name="$1" title="$2" body; body="$(cat)"
  cat >"$TMP/$name.html" <<HTML
<!doctype html><html lang="hr"><head><meta charset="utf-8"><title>$title</title>
<style>$PDF_CSS</style></head><body>
<header>$PDF_LOGO<span class="co">Demo d.o.o.</span><span class="meta">Demo d.o.o., Ilica 1, 10000 Zagreb<br>OIB 12345678901 · info@demo.hr</span></header>
$body
</body></html>
HTML
  "${CHROME[@]}" --no-pdf-header-footer --print-to-pdf="$OUT/$name.pdf" "file://$TMP/$name.html" >/dev/null 2>&1
  [[ -s "$OUT/$name.pdf" ]] || { echo "chromium did not print $name.pdf" >&2; exit 1; }
}

pdf pravilnik-zastite-na-radu 'Pravilnik o zaštiti na radu' <<'HTML'
<h1>Pravilnik o zaštiti na radu</h1>
<p class="lead">Kratka pravila za sve zaposlenike u uredu, prodaji i skladištu. Vrijedi od 1. siječnja 2026.
Svaki zaposlenik potvrđuje da je pročitao pravilnik i da ga razumije.</p>
<ol class="rules">
  <li><b>Osobna zaštitna oprema.</b> U skladištu su zaštitna kaciga, zaštitne cipele i reflektirajući prsluk obvezni. Oštećenu opremu odmah prijavite voditelju smjene.</li>
  <li><b>Ručno podizanje tereta.</b> Teret podižite iz koljena, ravnih leđa i blizu tijela. Teret teži od 25 kg nose dvije osobe ili se koristi ručni viličar.</li>
  <li><b>Viličar vozi samo ovlaštena osoba.</b> Za upravljanje viličarom potrebno je važeće uvjerenje o osposobljenosti. Brzina u skladištu najviše je 6 km/h.</li>
  <li><b>Prolazi i izlazi uvijek su slobodni.</b> Na označenim putovima za evakuaciju, ispred vatrogasnih aparata i hidranata ne smije se odlagati roba ni ambalaža.</li>
  <li><b>Red i čistoća.</b> Proliveno odmah počistite i postavite znak „Pažnja, sklisko”. Otpadni karton i foliju odložite u za to određene spremnike.</li>
  <li><b>Električni uređaji.</b> Ne koristite uređaje s oštećenim kabelom ili utikačem. Produžne kabele ne spajajte jedan na drugi i ne provlačite ih preko prolaza.</li>
  <li><b>Rad za računalom.</b> Svakih sat vremena napravite kratku stanku od pet minuta. Zaslon postavite u visinu očiju, a stolac podesite tako da su stopala na podu.</li>
  <li><b>Požar.</b> Kod požara aktivirajte alarm, pozovite 112 i napustite prostor najbližim izlazom. Okupljalište je na parkiralištu ispred glavnog ulaza.</li>
  <li><b>Ozljede i prva pomoć.</b> Svaku ozljedu, i najmanju, prijavite istog dana. Ormarić prve pomoći nalazi se u kuhinji ureda i kod ulaza u skladište.</li>
  <li><b>Alkohol i opojna sredstva.</b> Rad pod utjecajem alkohola ili opojnih sredstava strogo je zabranjen i smatra se težom povredom radne obveze.</li>
</ol>
<div class="sign"><div>Ovlaštenik za zaštitu na radu: Željko Šimić</div><div>Direktorica: Đurđa Kovačević</div></div>
<footer>Pitanja o zaštiti na radu: zastita@demo.hr · Hitni brojevi: 112 (hitne službe), 193 (vatrogasci), 194 (hitna pomoć)</footer>
HTML

pdf upute-za-skladiste 'Upute za rad u skladištu' <<'HTML'
<h1>Upute za rad u skladištu</h1>
<p class="lead">Postupci za zaprimanje, skladištenje i otpremu robe u skladištu Demo d.o.o. (Sesvete, Radnička 12).
Radno vrijeme skladišta: ponedjeljak – petak, 7:00 – 15:00.</p>

<h2>1. Zaprimanje robe</h2>
<ol>
  <li>Provjerite otpremnicu dobavljača i usporedite je s narudžbenicom u sustavu.</li>
  <li>Prebrojite pakete i pregledajte ambalažu. Oštećenja fotografirajte i upišite na otpremnicu prije potpisa.</li>
  <li>Robu skenirajte čitačem barkoda; sustav sam predlaže lokaciju za skladištenje.</li>
  <li>Neusklađenosti (manjak, višak, pogrešan artikl) odmah javite nabavi na nabava@demo.hr.</li>
</ol>

<h2>2. Skladištenje</h2>
<ol>
  <li>Robu slažite na lokaciju koju je predložio sustav (npr. <b>A-01-3</b>: prolaz A, regal 01, polica 3).</li>
  <li>Teže artikle stavljajte na donje police, lakše na gornje. Najveće opterećenje police je 300 kg.</li>
  <li>Poštujte načelo FIFO: roba koja je prva zaprimljena prva se i izdaje. Novu robu slažite iza postojeće.</li>
  <li>Osjetljivu robu (elektronika, papir) čuvajte dalje od vrata i izvora vlage.</li>
  <li>Jednom mjesečno provodi se kontrolna inventura odabranih lokacija.</li>
</ol>

<h2>3. Otprema</h2>
<ol>
  <li>Nalozi za izdavanje stižu u sustav do 12:00; roba se otprema isti dan.</li>
  <li>Artikle skupljajte po redoslijedu lokacija s liste za izuzimanje i svaki artikl skenirajte.</li>
  <li>Pakirajte tako da se roba ne pomiče; dodajte zaštitni papir ili jastučiće.</li>
  <li>Na paket zalijepite otpremnu naljepnicu i priložite otpremnicu u dva primjerka.</li>
  <li>Predaju dostavnoj službi potvrdite potpisom i upišite broj pošiljke u sustav.</li>
</ol>
<p class="note"><b>Važno:</b> na rampi za utovar uvijek nosite reflektirajući prsluk i zaštitne cipele. Kod kvara čitača ili sustava javite se voditelju skladišta (Mate Čačić, lokal 214).</p>
<footer>Dokument: SK-02 · Izdanje 3 · Vrijedi od 1. 1. 2026. · Odobrio: voditelj skladišta</footer>
HTML

pdf cjenik-2026 'Cjenik 2026.' <<'HTML'
<h1>Cjenik 2026.</h1>
<p class="lead">Veleprodajne cijene uredskog pribora i opreme. Cijene su u eurima (EUR) i vrijede od 1. siječnja 2026.
do opoziva.</p>
<table>
  <thead><tr><th>Šifra</th><th>Proizvod</th><th>Jed. mj.</th><th class="num">Bez PDV-a</th><th class="num">S PDV-om</th></tr></thead>
  <tbody>
    <tr><td>UP-1001</td><td>Papir za ispis A4, 80 g/m², 500 listova</td><td>pak.</td><td class="num">4,20 €</td><td class="num">5,25 €</td></tr>
    <tr><td>UP-1002</td><td>Registrator široki, plavi</td><td>kom</td><td class="num">2,40 €</td><td class="num">3,00 €</td></tr>
    <tr><td>UP-1003</td><td>Kemijska olovka, plava, 10 komada</td><td>pak.</td><td class="num">3,60 €</td><td class="num">4,50 €</td></tr>
    <tr><td>UP-1004</td><td>Bilježnica A5, kockice, 80 listova</td><td>kom</td><td class="num">1,84 €</td><td class="num">2,30 €</td></tr>
    <tr><td>UP-1005</td><td>Spajalice br. 3, 100 komada</td><td>kut.</td><td class="num">0,72 €</td><td class="num">0,90 €</td></tr>
    <tr><td>UP-1006</td><td>Samoljepljivi listići 76×76 mm, žuti</td><td>blok</td><td class="num">1,20 €</td><td class="num">1,50 €</td></tr>
    <tr><td>UO-2001</td><td>Uredski stolac, ergonomski, crni</td><td>kom</td><td class="num">119,20 €</td><td class="num">149,00 €</td></tr>
    <tr><td>UO-2002</td><td>Stolna svjetiljka LED, bijela</td><td>kom</td><td class="num">23,92 €</td><td class="num">29,90 €</td></tr>
    <tr><td>UO-2003</td><td>Uništavač papira, rez na čestice</td><td>kom</td><td class="num">71,92 €</td><td class="num">89,90 €</td></tr>
    <tr><td>SK-3001</td><td>Kartonska kutija 40×30×30 cm, 10 komada</td><td>pak.</td><td class="num">6,32 €</td><td class="num">7,90 €</td></tr>
    <tr><td>SK-3002</td><td>Ljepljiva traka smeđa, 48 mm × 66 m</td><td>kom</td><td class="num">1,52 €</td><td class="num">1,90 €</td></tr>
  </tbody>
</table>
<p class="note">PDV 25 % uključen je u zadnji stupac. Za narudžbe iznad 300 € (bez PDV-a) dostava na području Zagreba je besplatna.
Količinski popusti i akcijske cijene: prodaja@demo.hr · tel. 01 234 5678. Zadržavamo pravo promjene cijena.</p>
<footer>Demo d.o.o. · Cjenik br. 1/2026 · Izradila: služba prodaje (Ivana Žužić)</footer>
HTML

# ---------------------------------------------------------------- report ----
echo "Written to $OUT:"
for f in office safety team product warehouse promo pricelist survey equipment; do
  printf '  %-32s %7d bytes\n' "$f.jpg" "$(stat -c %s "$OUT/$f.jpg")"
done
printf '  %-32s %7d bytes\n' intro.webm "$(stat -c %s "$OUT/intro.webm")"
for f in pravilnik-zastite-na-radu upute-za-skladiste cjenik-2026; do
  pages=''
  command -v pdfinfo >/dev/null && pages=" ($(pdfinfo "$OUT/$f.pdf" | awk '/^Pages:/{print $2}') pages)"
  printf '  %-32s %7d bytes%s\n' "$f.pdf" "$(stat -c %s "$OUT/$f.pdf")" "$pages"
done
