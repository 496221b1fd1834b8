#!/usr/bin/env python3
"""Generate Data/sample.csv: a realistic, multilingual "orders" table.

The table is what the order list of a small international web shop might
export: one row per order, as a support/admin screen would show it.

Columns (8):

    id        order number, "ORD-100001" ... (ASCII, never empty)
    customer  customer name in the row's language and script ("Léa Dubois",
              "محمد العلي", "佐藤 健", "佐藤　健" with U+3000); ~8% are business
              customers with a company ("Noah White, Northwind Traders Ltd.",
              "株式会社山田商事 佐藤 健 様"); some English rows show a native-script
              name after a transliteration ("Wang Fang (王芳)"); a few are
              empty (guest checkout), a few end with an emoji
    address   shipping address in the local format and script ("Goethestraße
              32, 63393 Berlin", "〒150-0001 東京都渋谷区神宮前1-2-3",
              "דיזנגוף 50, תל אביב", "99/12 ถนนสุขุมวิท กรุงเทพมหานคร 10110");
              ~3% empty
    status    localized order status ("Delivered", "Versandt", "已发货",
              "تم الشحن"); ~5% have an emoji prefix ("✅ Delivered")
    items     the order's line items, one to three, each a localized product
              title with an optional colour/size variant and quantity ("Wool
              Scarf – Charcoal × 2; Yoga Mat", "ワイヤレスイヤホン（ブラック）");
              Latin model names inside other scripts ("جراب iPhone 15",
              "USB-C 充电线（2 米）")
    notes     free-text order notes, the long and varied column:
                * empty for ~9% of rows
                * one to three sentences from per-language phrase templates
                  (delivery instructions, refunds, damage claims, discount
                  codes, courier + tracking numbers inside Arabic/Hebrew/
                  Hindi/Thai text, dates in local formats incl. the Thai
                  Buddhist year, Arabic-Indic digits in ~30% of Arabic notes,
                  Devanagari digits in ~10% of Hindi notes), or customer
                  feedback sentences
                * English notes quoting a name or city in another script
                  ("… spelled as «ليلى حداد» on the label") and English notes
                  in ~2% of non-English rows
                * emoji (~8% of notes, ~13% of rows counting names and
                  statuses): plain, VS16, skin tones, ZWJ sequences, flags,
                  subdivision (tag) flags, keycaps
                * long paragraphs, 300-1000 UTF-8 bytes (~5% of rows)
                * embedded newlines (~2%, some with blank lines or "- " bullets)
                * very long unbroken tokens (~3.5%): URLs with query strings,
                  SHA-256 hashes, long e-mail addresses, JWTs, tracking URLs
    amount    order total in the row's currency and number format
              ("$1,234.50", "1 234,50 €" with U+202F/U+00A0, "₹1,23,456.00",
              "١٬٢٣٤٫٥٠ ر.س.", "12,800円", RLM before some ₪ amounts); empty
              for about half of the cancelled orders
    updated   last update: 85% ISO "2024-03-17 14:22", the rest in local
              formats ("17.03.2024, 14:22", "2024年3月17日 14:22",
              "2024. 3. 17. 오후 2:22", "17/3/2567 14:22")

Row mix (by the row's language; every cell of a row is in that language,
apart from the deliberate mixed-script content above):

    English 39%; other Latin-script languages 25% (French, German, Spanish,
    Portuguese, Italian, Polish, Swedish, Turkish, Vietnamese); Russian 3%,
    Greek 1%; Arabic 6%, Hebrew 4%, Hindi 5%, Thai 4%, Chinese (Simplified)
    5%, Japanese 5%, Korean 4%.

All text comes from the word and phrase lists below (real words and
phrases, written per language), combined by templates. Average cell length
is ~41 UTF-8 bytes over all 96,000 cells. The output is fully deterministic:
a fixed seed and no dependence on hash order, the clock or the locale, so
every run writes the same bytes.

Format: RFC 4180 CSV, UTF-8 without BOM, comma separator, "\n" line
endings. A field is quoted when it contains a comma, a double quote, CR or
LF, and embedded quotes are doubled. One header row + 12,000 data rows.

Usage:  python3 Data/generate_sample.py [OUTPUT]   (default: sample.csv
next to this script). Prints a summary (rows, cells, bytes per cell,
share per script, ...) to stdout. Python 3 standard library only.
"""

import base64
import datetime
import hashlib
import json
import math
import os
import random
import sys
from collections import Counter

SEED = 20240317
ROWS = 12000
HEADER = ["id", "customer", "address", "status", "items", "notes", "amount", "updated"]

NNBSP = "\u202f"   # narrow no-break space (French / CLDR thousands separator)
NBSP = "\u00a0"
RLM = "\u200f"

# ---------------------------------------------------------------------------
# Emoji (written as escapes so the invisible joiners stay visible in source)
# ---------------------------------------------------------------------------
ZWJ = "\u200d"
VS16 = "\ufe0f"

EMOJI_SIMPLE = [
    "\U0001F60A", "\U0001F64F", "\U0001F44D", "\U0001F389", "\u2764\ufe0f",
    "\U0001F602", "\U0001F525", "\u2728", "\U0001F4E6", "\U0001F69A",
    "\u2705", "\u26a0\ufe0f", "\u2615", "\U0001F381", "\U0001F60D",
    "\U0001F914", "\U0001F605", "\U0001F4AF", "\U0001F31F", "\U0001F6D2",
    "\U0001F382", "\U0001F338",
]
EMOJI_SKIN = [
    "\U0001F44D\U0001F3FB", "\U0001F44D\U0001F3FD", "\U0001F44D\U0001F3FF",
    "\U0001F64F\U0001F3FC", "\U0001F64F\U0001F3FE", "\U0001F44B\U0001F3FD",
    "\U0001F4AA\U0001F3FB", "\U0001F44F\U0001F3FC", "\u270c\U0001F3FE",
    "\U0001F44C\U0001F3FC",
]
EMOJI_ZWJ = [
    "\U0001F468\u200d\U0001F469\u200d\U0001F467\u200d\U0001F466",  # family
    "\U0001F469\u200d\U0001F4BB",                                   # woman technologist
    "\U0001F9D1\U0001F3FD\u200d\U0001F4BB",                         # technologist, medium skin
    "\U0001F469\U0001F3FB\u200d\U0001F527",                         # woman mechanic, light skin
    "\U0001F3F3\ufe0f\u200d\U0001F308",                             # rainbow flag
    "\U0001F3F4\u200d\u2620\ufe0f",                                 # pirate flag
    "\u2764\ufe0f\u200d\U0001F525",                                 # heart on fire
    "\U0001F9D1\u200d\U0001F373",                                   # cook
    "\U0001F468\U0001F3FE\u200d\U0001F373",                         # man cook, medium-dark skin
    "\U0001F469\u200d\u2764\ufe0f\u200d\U0001F468",                 # couple with heart
    "\U0001F415\u200d\U0001F9BA",                                   # service dog
    "\U0001F62E\u200d\U0001F4A8",                                   # face exhaling
    "\U0001F9D1\U0001F3FB\u200d\U0001F91D\u200d\U0001F9D1\U0001F3FF",  # people holding hands
]
EMOJI_FLAGS = [
    "\U0001F1FA\U0001F1F8", "\U0001F1EC\U0001F1E7", "\U0001F1E9\U0001F1EA",
    "\U0001F1EB\U0001F1F7", "\U0001F1EF\U0001F1F5", "\U0001F1F0\U0001F1F7",
    "\U0001F1E8\U0001F1F3", "\U0001F1EE\U0001F1F3", "\U0001F1F9\U0001F1ED",
    "\U0001F1EE\U0001F1F1", "\U0001F1F8\U0001F1E6", "\U0001F1E7\U0001F1F7",
    "\U0001F1EA\U0001F1F8", "\U0001F1EE\U0001F1F9", "\U0001F1FA\U0001F1E6",
    "\U0001F1E6\U0001F1EA", "\U0001F1EA\U0001F1FA",
]
EMOJI_TAG_FLAGS = [
    "\U0001F3F4\U000E0067\U000E0062\U000E0073\U000E0063\U000E0074\U000E007F",  # Scotland
    "\U0001F3F4\U000E0067\U000E0062\U000E0077\U000E006C\U000E0073\U000E007F",  # Wales
    "\U0001F3F4\U000E0067\U000E0062\U000E0065\U000E006E\U000E0067\U000E007F",  # England
]
EMOJI_KEYCAPS = ["1\ufe0f\u20e3", "2\ufe0f\u20e3", "3\ufe0f\u20e3", "#\ufe0f\u20e3"]

# status index -> emoji some apps put in front of a status label
STATUS_EMOJI = ["\u2705", "\U0001F69A", "\u23f3", "\U0001F552", "\u274c",
                "\U0001F4B8", "\u23f8\ufe0f", "\u21a9\ufe0f"]
# Delivered, Shipped, Processing, Pending, Cancelled, Refunded, On hold, Returned
STATUS_WEIGHTS = [45, 20, 12, 8, 5, 4, 3, 3]

# ---------------------------------------------------------------------------
# Per-language vocabulary
# ---------------------------------------------------------------------------
# Each language: given/family names and a name format, cities, 8 statuses
# (same order as STATUS_WEIGHTS), product items + colours + a product
# format, note templates, review-style sentences (used in long paragraphs),
# month names for dates in notes, couriers, currency, tax-id pattern and a
# label used in front of links.
#
# Note template slots: {name} {n} {m} {time} {date} {order} {courier}
# {tracking} {city} {product} {vat} {code} {foreign_name} {foreign_city}

L = {}

L["en"] = dict(
    given=["James", "Olivia", "Liam", "Emma", "Noah", "Ava", "William", "Sophia",
           "Benjamin", "Isabella", "Lucas", "Mia", "Henry", "Charlotte", "Alexander",
           "Amelia", "Jack", "Harper", "Daniel", "Evelyn", "Michael", "Abigail",
           "Ethan", "Emily", "Samuel", "Grace", "David", "Chloe", "Joseph", "Zoe",
           "Priya", "Wei", "Aisha", "Mohammed", "Diego", "Mateo", "Keiko",
           "Oluwaseun", "Siobhán", "Zoë", "Renée", "José", "Margaret", "Thomas"],
    family=["Smith", "Johnson", "Williams", "Brown", "Jones", "Garcia", "Miller",
            "Davis", "Rodriguez", "Martinez", "Wilson", "Anderson", "Taylor",
            "Thomas", "Moore", "Jackson", "Martin", "Lee", "Thompson", "White",
            "Harris", "Clark", "Lewis", "Robinson", "Walker", "O'Brien", "Nguyen",
            "Patel", "Kim", "Chen", "Okafor", "Murphy", "Kowalski", "MacDonald",
            "Fitzgerald-Hughes", "van der Berg", "Adeyemi", "Hernández", "Cohen",
            "Schwartz", "Ramírez", "Sullivan"],
    name_fmt="western",
    cities=["New York", "London", "Toronto", "Sydney", "Chicago", "San Francisco",
            "Manchester", "Dublin", "Austin", "Seattle", "Melbourne", "Auckland",
            "Vancouver", "Boston", "Edinburgh", "Cape Town", "Singapore", "Denver",
            "Los Angeles", "Brisbane", "Leeds", "Cork", "Portland", "Nashville"],
    statuses=["Delivered", "Shipped", "Processing", "Pending", "Cancelled",
              "Refunded", "On hold", "Returned"],
    items=["Wireless Earbuds", "Noise-Cancelling Headphones", "USB-C Charging Cable (2 m)",
           "Stainless Steel Water Bottle, 750 ml", "Ceramic Coffee Mug", "Yoga Mat",
           "Running Shoes", "Linen Shirt", "Wool Scarf", "Leather Wallet",
           "Backpack 25 L", "Desk Lamp with Dimmer", "Mechanical Keyboard",
           "Wireless Mouse", "27\" 4K Monitor", "Phone Case for iPhone 15",
           "Cast Iron Skillet 26 cm", "Bamboo Cutting Board",
           "Scented Candle – Sandalwood", "Organic Green Tea, 100 g",
           "Dark Roast Coffee Beans 1 kg", "Children's Picture Book",
           "Cotton Bath Towel Set (4 pcs)", "Smart Watch", "Portable Bluetooth Speaker",
           "Electric Kettle 1.7 L", "Memory Foam Pillow", "Hiking Socks (3-pack)",
           "Polarized Sunglasses", "Dotted Notebook A5", "Rain Jacket",
           "Merino Wool Sweater", "Espresso Machine", "Chef's Knife 20 cm",
           "Kids' Raincoat", "Standing Desk Converter", "HDMI 2.1 Cable 3 m",
           "Gift Card"],
    colors=["Black", "White", "Navy", "Olive", "Charcoal", "Sand", "Red",
            "Forest Green", "Dusty Pink"],
    sizes=["S", "M", "L", "XL", "XXL", "US 9", "US 10.5", "EU 42"],
    product_fmt=["{item}", "{item} – {color}", "{item}, {color}, {size}", "{item} ({color})"],
    notes=[
        "Customer requested delivery after {time} pm on weekdays.",
        "Left at the front desk; signed for by {name}.",
        "Please call before delivery — the buzzer for unit {n} is broken.",
        "Replacement sent for damaged {product}.",
        "Refund issued to the original payment method on {date}.",
        "Gift wrap requested. Card message: \"Happy birthday, {name}!\"",
        "Invoice must show the company VAT number: {vat}.",
        "Address confirmed by phone with {name}.",
        "Backordered until {date}; customer agreed to wait.",
        "Second delivery attempt failed, parcel returned to the {city} depot.",
        "Customer says the size runs small and wants to exchange for a larger one.",
        "Discount code {code} applied at checkout.",
        "Split shipment: {n} of {m} items shipped via {courier}, tracking {tracking}.",
        "Do not leave with neighbours.",
        "Asked whether the {product} works with older models; forwarded to support.",
        "Repeat customer, {n} orders in the last 12 months.",
        "Payment flagged for manual review and cleared the same day.",
        "Wrong colour delivered, return label emailed on {date}.",
        "Loading dock closes at 4 pm, so deliveries before 3 pm only.",
        "Customer prefers the name spelled as «{foreign_name}» on the label.",
        "Recipient name must appear exactly as \"{foreign_name}\" on the customs form.",
        "Ship to our office in {foreign_city} instead of the billing address.",
        "Paid in cash on pickup.",
        "Customer is travelling until {date}, hold the parcel at the post office.",
        "Item {order} was out of stock; offered a 10% discount on the next order.",
        "Box arrived wet but the contents were fine.",
    ],
    reviews=[
        "The headphones arrived two days early and the sound quality is excellent.",
        "Battery life is closer to six hours than the advertised ten, which is a bit disappointing.",
        "Packaging was minimal and fully recyclable, which I really appreciate.",
        "I ordered the same item last year and the stitching seems weaker this time.",
        "Customer service replied within an hour and sorted everything out.",
        "Would definitely order again, but please offer a cheaper shipping option for rural areas.",
        "The colour is slightly darker than in the photos, but I still like it.",
        "Setup took less than five minutes and the instructions were clear.",
        "My daughter has used it every day since it arrived and it still looks brand new.",
        "The courier left the box in the rain, so the outer carton was soaked through.",
    ],
    months=["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"],
    date_fmt="{mon} {d}",
    couriers=["UPS", "FedEx", "DHL Express", "USPS", "Royal Mail", "Canada Post"],
    currency="USD", vat="GB#########", code_words=["SPRING", "WELCOME", "BLACKFRIDAY", "VIP"],
    link_label="Customer portal link:", email_label="Send all invoices to",
    hash_label="SHA-256 of the signed invoice PDF:",
)

L["fr"] = dict(
    given=["Camille", "Léa", "Chloé", "Manon", "Inès", "Zoé", "Hélène", "Louis",
           "Gabriel", "Raphaël", "Jules", "Hugo", "Théo", "Noël", "François",
           "Jérôme", "Clément", "Anaïs", "Margaux", "Éloïse"],
    family=["Martin", "Bernard", "Dubois", "Thomas", "Robert", "Richard", "Petit",
            "Durand", "Leroy", "Moreau", "Lefèvre", "Mercier", "Girard", "Bonnet",
            "Fontaine", "Rousseau", "Lemaître", "Gauthier", "Chevalier", "Boucher"],
    name_fmt="western",
    cities=["Paris", "Lyon", "Marseille", "Montréal", "Genève", "Québec", "Besançon",
            "Nîmes", "Orléans", "Bordeaux", "Lille", "Bruxelles", "Aix-en-Provence"],
    statuses=["Livrée", "Expédiée", "En préparation", "En attente", "Annulée",
              "Remboursée", "Suspendue", "Retournée"],
    items=["Écouteurs sans fil", "Casque à réduction de bruit", "Câble de charge USB-C (2 m)",
           "Gourde en acier inoxydable 750 ml", "Tasse en céramique", "Tapis de yoga",
           "Chaussures de course", "Chemise en lin", "Écharpe en laine",
           "Portefeuille en cuir", "Sac à dos 25 L", "Lampe de bureau à intensité variable",
           "Clavier mécanique", "Poêle en fonte 26 cm", "Bougie parfumée au santal",
           "Thé vert bio 100 g", "Café en grains torréfaction foncée 1 kg",
           "Serviettes de bain en coton (lot de 4)", "Montre connectée",
           "Bouilloire électrique 1,7 L"],
    colors=["noir", "blanc", "bleu marine", "vert olive", "gris anthracite", "beige", "rouge"],
    product_fmt=["{item}", "{item}, coloris {color}", "{item} – {color}"],
    notes=[
        "Livraison prévue le {date} entre 9 h et 12 h.",
        "Le client souhaite être appelé avant la livraison.",
        "Colis déposé chez le gardien, signé par {name}.",
        "Remboursement effectué sur la carte bancaire le {date}.",
        "Article endommagé à la réception, remplacement envoyé.",
        "Code promo {code} appliqué.",
        "Merci de ne pas laisser le colis devant la porte.",
        "Facture à établir au nom de la société, numéro de TVA : {vat}.",
        "Deuxième tentative de livraison échouée ; colis retourné au dépôt de {city}.",
        "La cliente préfère un échange plutôt qu’un remboursement.",
        "Commande groupée avec la commande n° {order}.",
        "Emballage cadeau demandé : « Joyeux anniversaire, {name} ! »",
        "Envoi partiel : {n} articles sur {m} expédiés par {courier}.",
        "Digicode {n}B, 3e étage à gauche.",
    ],
    reviews=[
        "Le produit est conforme à la description et la livraison a été très rapide.",
        "L’emballage était un peu abîmé, mais le contenu est intact.",
        "Je suis déçue par la qualité des coutures après seulement deux lavages.",
        "Le service client a répondu en moins d’une heure, c’est appréciable.",
    ],
    months=["janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août",
            "septembre", "octobre", "novembre", "décembre"],
    date_fmt="{d} {mon}",
    couriers=["La Poste", "Colissimo", "Chronopost", "DPD", "UPS"],
    currency="EUR_FR", vat="FR###########", code_words=["PRINTEMPS", "BIENVENUE", "SOLDES"],
    link_label="Lien de suivi :", email_label="Envoyer les factures à",
    hash_label="Empreinte SHA-256 du bon de commande :",
)

L["de"] = dict(
    given=["Lukas", "Jonas", "Leon", "Felix", "Maximilian", "Paul", "Jürgen", "Günther",
           "Björn", "Sören", "Anna", "Lena", "Sophie", "Marie", "Hannah", "Lea",
           "Jörg", "Käthe", "Ursula", "Annegret"],
    family=["Müller", "Schmidt", "Schneider", "Fischer", "Weber", "Meyer", "Wagner",
            "Becker", "Schulz", "Hoffmann", "Schäfer", "Koch", "Bauer", "Richter",
            "Klein", "Wolf", "Schröder", "Neumann", "Schwarz", "Krüger", "Weiß",
            "Jäger", "Köhler", "Großmann"],
    name_fmt="western",
    cities=["Berlin", "München", "Köln", "Düsseldorf", "Zürich", "Wien", "Nürnberg",
            "Graz", "Lübeck", "Göttingen", "Hamburg", "Frankfurt am Main", "Saarbrücken"],
    statuses=["Zugestellt", "Versandt", "In Bearbeitung", "Ausstehend", "Storniert",
              "Erstattet", "Angehalten", "Zurückgesendet"],
    items=["Kabellose Ohrhörer", "Kopfhörer mit Geräuschunterdrückung",
           "USB-C-Ladekabel (2 m)", "Edelstahl-Trinkflasche 750 ml", "Keramiktasse",
           "Yogamatte", "Laufschuhe", "Leinenhemd", "Wollschal", "Lederportemonnaie",
           "Rucksack 25 l", "Dimmbare Schreibtischlampe", "Mechanische Tastatur",
           "Gusseisenpfanne 26 cm", "Duftkerze Sandelholz", "Bio-Grüntee 100 g",
           "Kaffeebohnen, dunkle Röstung, 1 kg", "Badetücher aus Baumwolle (4er-Set)",
           "Smartwatch", "Wasserkocher 1,7 l", "Kinderbilderbuch",
           "Höhenverstellbarer Schreibtischaufsatz"],
    colors=["Schwarz", "Weiß", "Marineblau", "Olivgrün", "Anthrazit", "Sand", "Rot"],
    product_fmt=["{item}", "{item}, Farbe: {color}", "{item} – {color}"],
    notes=[
        "Lieferung bitte nur werktags nach {time} Uhr.",
        "Paket beim Nachbarn abgegeben, unterschrieben von {name}.",
        "Rückerstattung am {date} auf die ursprüngliche Zahlungsart veranlasst.",
        "Ware bei Ankunft beschädigt, Ersatz wurde verschickt.",
        "Kunde möchte vor der Zustellung angerufen werden.",
        "Gutscheincode {code} eingelöst.",
        "Rechnung bitte auf die Firma ausstellen, USt-IdNr.: {vat}.",
        "Zweiter Zustellversuch fehlgeschlagen, Sendung geht zurück an das Depot in {city}.",
        "Größe fällt klein aus – Umtausch gegen eine Nummer größer gewünscht.",
        "Bitte nicht vor der Haustür abstellen.",
        "Teillieferung: {n} von {m} Artikeln mit {courier} versendet.",
        "Rücksendeetikett am {date} per E-Mail verschickt.",
        "Die Versandkostenpauschale wurde nachträglich erstattet.",
        "Kundin bittet um Zustellung in die Packstation {n}.",
    ],
    reviews=[
        "Die Verarbeitung ist hervorragend und die Lieferung kam einen Tag früher als angekündigt.",
        "Leider passt die Größe nicht, obwohl ich sonst immer diese Größe trage.",
        "Der Kundendienst war freundlich, aber die Rückerstattung hat fast drei Wochen gedauert.",
        "Für den Preis absolut empfehlenswert, ich würde wieder bestellen.",
    ],
    months=["Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August",
            "September", "Oktober", "November", "Dezember"],
    date_fmt="{d}. {mon}",
    couriers=["DHL", "Hermes", "DPD", "GLS", "Österreichische Post"],
    currency="EUR_DE", vat="DE#########", code_words=["FRÜHLING", "WILLKOMMEN", "SOMMER"],
    link_label="Sendungsverfolgung:", email_label="Rechnungen bitte an",
    hash_label="SHA-256-Prüfsumme der Rechnung:",
)

L["es"] = dict(
    given=["Lucía", "Sofía", "Martina", "María", "Paula", "Valentina", "Hugo", "Mateo",
           "Martín", "Lucas", "Leo", "Daniel", "Alejandro", "Álvaro", "Adrián", "Iñaki",
           "Begoña", "Nuria", "Ramón", "José Luis"],
    family=["García", "Rodríguez", "González", "Fernández", "López", "Martínez",
            "Sánchez", "Pérez", "Gómez", "Martín", "Jiménez", "Ruiz", "Hernández",
            "Díaz", "Moreno", "Muñoz", "Álvarez", "Romero", "Núñez", "Ibáñez"],
    name_fmt="spanish",
    cities=["Madrid", "Barcelona", "Sevilla", "Málaga", "Córdoba", "Bogotá",
            "Ciudad de México", "León", "Cádiz", "Valencia", "Buenos Aires", "Medellín"],
    statuses=["Entregado", "Enviado", "En preparación", "Pendiente", "Cancelado",
              "Reembolsado", "En espera", "Devuelto"],
    items=["Auriculares inalámbricos", "Auriculares con cancelación de ruido",
           "Cable de carga USB-C (2 m)", "Botella de acero inoxidable 750 ml",
           "Taza de cerámica", "Esterilla de yoga", "Zapatillas de running",
           "Camisa de lino", "Bufanda de lana", "Cartera de piel", "Mochila 25 L",
           "Lámpara de escritorio regulable", "Teclado mecánico",
           "Sartén de hierro fundido 26 cm", "Vela aromática de sándalo",
           "Té verde ecológico 100 g", "Café en grano tueste natural 1 kg",
           "Juego de toallas de algodón", "Reloj inteligente", "Hervidor eléctrico 1,7 L"],
    colors=["negro", "blanco", "azul marino", "verde oliva", "gris antracita", "arena", "rojo"],
    product_fmt=["{item}", "{item}, color {color}", "{item} – {color}"],
    notes=[
        "Entrega programada para el {date} por la mañana.",
        "El cliente pide que lo llamen antes de la entrega.",
        "Paquete entregado al portero, firmado por {name}.",
        "Reembolso realizado el {date} con el mismo método de pago.",
        "El artículo llegó dañado; se envió un reemplazo.",
        "¿Se puede cambiar la talla? La clienta pide una más grande.",
        "Código de descuento {code} aplicado.",
        "Factura a nombre de la empresa, NIF: {vat}.",
        "Segundo intento de entrega fallido; el paquete vuelve al almacén de {city}.",
        "¡Gracias por la rapidez!",
        "Envío parcial: {n} de {m} artículos enviados con {courier}.",
        "No dejar el paquete en la puerta, por favor.",
    ],
    reviews=[
        "El producto llegó en perfecto estado y antes de lo previsto.",
        "La talla es más pequeña de lo habitual, recomiendo pedir una más.",
        "El servicio de atención al cliente resolvió mi problema en un solo día.",
        "Buena relación calidad-precio, aunque el color no es exactamente el de la foto.",
    ],
    months=["enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto",
            "septiembre", "octubre", "noviembre", "diciembre"],
    date_fmt="{d} de {mon}",
    couriers=["Correos", "SEUR", "MRW", "DHL", "Estafeta"],
    currency="EUR_ES", vat="ESB########", code_words=["PRIMAVERA", "BIENVENIDA", "REBAJAS"],
    link_label="Enlace de seguimiento:", email_label="Enviar las facturas a",
    hash_label="Hash SHA-256 de la factura:",
)

L["pt"] = dict(
    given=["João", "Maria", "Ana", "Pedro", "Lucas", "Gabriel", "Beatriz", "Mariana",
           "Júlia", "Letícia", "Gonçalo", "Tomás", "Inês", "Conceição", "Sebastião"],
    family=["Silva", "Santos", "Oliveira", "Souza", "Rodrigues", "Ferreira", "Alves",
            "Pereira", "Lima", "Gomes", "Ribeiro", "Carvalho", "Araújo", "Magalhães",
            "Simões", "Brandão"],
    name_fmt="western",
    cities=["São Paulo", "Lisboa", "Porto", "Brasília", "Belém", "Florianópolis",
            "Goiânia", "Maceió", "Rio de Janeiro", "Curitiba", "Coimbra", "Salvador"],
    statuses=["Entregue", "Enviado", "Em separação", "Pendente", "Cancelado",
              "Reembolsado", "Em espera", "Devolvido"],
    items=["Fones de ouvido sem fio", "Fone com cancelamento de ruído",
           "Cabo de carregamento USB-C (2 m)", "Garrafa térmica de aço inoxidável 750 ml",
           "Caneca de cerâmica", "Tapete de ioga", "Tênis de corrida", "Camisa de linho",
           "Cachecol de lã", "Carteira de couro", "Mochila 25 L",
           "Luminária de mesa com dimmer", "Teclado mecânico",
           "Frigideira de ferro fundido 26 cm", "Vela aromática de sândalo",
           "Chá verde orgânico 100 g", "Café em grãos torra escura 1 kg",
           "Jogo de toalhas de algodão", "Relógio inteligente", "Chaleira elétrica 1,7 L"],
    colors=["preto", "branco", "azul-marinho", "verde-oliva", "grafite", "areia", "vermelho"],
    product_fmt=["{item}", "{item}, cor {color}", "{item} – {color}"],
    notes=[
        "Entrega agendada para {date}, no período da tarde.",
        "Cliente pediu para ligar antes da entrega.",
        "Pacote deixado na portaria, assinado por {name}.",
        "Reembolso feito em {date} no cartão de crédito.",
        "Produto chegou avariado; enviamos uma substituição.",
        "Cupom de desconto {code} aplicado.",
        "Nota fiscal em nome da empresa, CNPJ {vat}.",
        "Segunda tentativa de entrega sem sucesso; pacote devolvido ao centro de distribuição de {city}.",
        "A cliente prefere trocar por um tamanho maior.",
        "Obrigado pela paciência!",
        "Envio parcial: {n} de {m} itens enviados pelos {courier}.",
    ],
    reviews=[
        "Chegou antes do prazo e muito bem embalado.",
        "O tecido é mais fino do que eu esperava, mas o caimento é ótimo.",
        "Precisei trocar o tamanho e o processo foi simples e rápido.",
    ],
    months=["janeiro", "fevereiro", "março", "abril", "maio", "junho", "julho",
            "agosto", "setembro", "outubro", "novembro", "dezembro"],
    date_fmt="{d} de {mon}",
    couriers=["Correios", "CTT", "Jadlog", "Loggi"],
    currency="BRL", vat="##.###.###/0001-##", code_words=["PRIMAVERA", "BEMVINDO", "FRETEGRATIS"],
    link_label="Link de rastreamento:", email_label="Enviar as notas fiscais para",
    hash_label="Hash SHA-256 da nota fiscal:",
)

L["it"] = dict(
    given=["Giulia", "Francesca", "Chiara", "Sara", "Martina", "Alessandro", "Lorenzo",
           "Matteo", "Niccolò", "Leonardo", "Riccardo", "Andrea", "Federica", "Ilaria",
           "Gianluca"],
    family=["Rossi", "Russo", "Ferrari", "Esposito", "Bianchi", "Romano", "Colombo",
            "Ricci", "Marino", "Greco", "Bruno", "Gallo", "Conti", "De Luca", "Mancini",
            "D'Angelo"],
    name_fmt="western",
    cities=["Roma", "Milano", "Napoli", "Torino", "Firenze", "Forlì", "Cefalù",
            "Bologna", "Genova", "Palermo", "Lugano"],
    statuses=["Consegnato", "Spedito", "In lavorazione", "In attesa", "Annullato",
              "Rimborsato", "Sospeso", "Reso"],
    items=["Auricolari wireless", "Cuffie con cancellazione del rumore",
           "Cavo di ricarica USB-C (2 m)", "Borraccia in acciaio inox 750 ml",
           "Tazza in ceramica", "Tappetino yoga", "Scarpe da corsa", "Camicia di lino",
           "Sciarpa di lana", "Portafoglio in pelle", "Zaino 25 L",
           "Lampada da scrivania dimmerabile", "Tastiera meccanica",
           "Padella in ghisa 26 cm", "Candela profumata al sandalo",
           "Tè verde biologico 100 g", "Caffè in grani tostatura scura 1 kg",
           "Set asciugamani in cotone", "Smartwatch", "Bollitore elettrico 1,7 L"],
    colors=["nero", "bianco", "blu navy", "verde oliva", "grigio antracite", "sabbia", "rosso"],
    product_fmt=["{item}", "{item}, colore {color}", "{item} – {color}"],
    notes=[
        "Consegna prevista per il {date} in mattinata.",
        "Il cliente chiede di essere contattato prima della consegna.",
        "Pacco lasciato al portiere, firmato da {name}.",
        "Rimborso effettuato il {date} sul metodo di pagamento originale.",
        "Articolo arrivato danneggiato, è stata spedita una sostituzione.",
        "Codice sconto {code} applicato.",
        "Fattura intestata all’azienda, partita IVA {vat}.",
        "Secondo tentativo di consegna non riuscito; il pacco torna al deposito di {city}.",
        "La taglia è piccola, la cliente chiede un cambio.",
        "Grazie mille, è perfetto!",
        "Spedizione parziale: {n} articoli su {m} spediti con {courier}.",
    ],
    reviews=[
        "Il prodotto è arrivato in anticipo ed è esattamente come nella foto.",
        "La qualità è buona, però la confezione era un po’ rovinata.",
        "Assistenza clienti gentile e veloce, lo consiglio.",
    ],
    months=["gennaio", "febbraio", "marzo", "aprile", "maggio", "giugno", "luglio",
            "agosto", "settembre", "ottobre", "novembre", "dicembre"],
    date_fmt="{d} {mon}",
    couriers=["Poste Italiane", "BRT", "SDA", "GLS"],
    currency="EUR_IT", vat="IT###########", code_words=["PRIMAVERA", "BENVENUTO", "SALDI"],
    link_label="Link di tracciamento:", email_label="Inviare le fatture a",
    hash_label="Impronta SHA-256 della fattura:",
)

L["pl"] = dict(
    given=["Anna", "Katarzyna", "Małgorzata", "Agnieszka", "Joanna", "Łucja", "Zofia",
           "Piotr", "Krzysztof", "Tomasz", "Paweł", "Michał", "Łukasz", "Grzegorz",
           "Wojciech"],
    family=["Nowak", "Wójcik", "Kowalczyk", "Woźniak", "Mazur", "Krawczyk", "Kaczmarek",
            "Zając", "Król", "Wróbel", "Dudek", "Pietrzak", "Sikora", "Michalak"],
    name_fmt="western",
    cities=["Warszawa", "Kraków", "Łódź", "Wrocław", "Gdańsk", "Poznań", "Białystok",
            "Rzeszów", "Szczecin", "Bydgoszcz"],
    statuses=["Dostarczone", "Wysłane", "W realizacji", "Oczekujące", "Anulowane",
              "Zwrócono środki", "Wstrzymane", "Zwrócone"],
    items=["Słuchawki bezprzewodowe", "Słuchawki z redukcją szumów",
           "Kabel USB-C do ładowania (2 m)", "Butelka ze stali nierdzewnej 750 ml",
           "Kubek ceramiczny", "Mata do jogi", "Buty do biegania", "Koszula lniana",
           "Szalik wełniany", "Skórzany portfel", "Plecak 25 l",
           "Lampka biurkowa z regulacją jasności", "Klawiatura mechaniczna",
           "Patelnia żeliwna 26 cm", "Świeca zapachowa – drzewo sandałowe",
           "Zielona herbata ekologiczna 100 g", "Kawa ziarnista ciemno palona 1 kg",
           "Zestaw ręczników bawełnianych", "Czajnik elektryczny 1,7 l"],
    colors=["czarny", "biały", "granatowy", "oliwkowy", "grafitowy", "piaskowy", "czerwony"],
    product_fmt=["{item}", "{item}, kolor: {color}"],
    notes=[
        "Dostawa zaplanowana na {date} w godzinach porannych.",
        "Klient prosi o telefon przed doręczeniem.",
        "Paczka zostawiona u sąsiada, odbiór potwierdził(a) {name}.",
        "Zwrot środków zlecony {date} na kartę płatniczą.",
        "Towar dotarł uszkodzony, wysłano nowy egzemplarz.",
        "Kod rabatowy {code} został użyty.",
        "Faktura na firmę, NIP: {vat}.",
        "Druga próba doręczenia nieudana; przesyłka wraca do magazynu.",
        "Klientka chce wymienić rozmiar na większy.",
        "Dziękuję za szybką wysyłkę!",
        "Proszę nie zostawiać paczki pod drzwiami.",
    ],
    reviews=[
        "Przesyłka dotarła następnego dnia, wszystko dobrze zapakowane.",
        "Jakość wykonania bardzo dobra, polecam każdemu.",
        "Kolor jest trochę ciemniejszy niż na zdjęciu.",
    ],
    months=["stycznia", "lutego", "marca", "kwietnia", "maja", "czerwca", "lipca",
            "sierpnia", "września", "października", "listopada", "grudnia"],
    date_fmt="{d} {mon}",
    couriers=["InPost", "Poczta Polska", "DPD", "DHL"],
    currency="PLN", vat="###-###-##-##", code_words=["WIOSNA", "WITAJ", "LATO"],
    link_label="Link do śledzenia przesyłki:", email_label="Faktury proszę wysyłać na",
    hash_label="Suma kontrolna SHA-256 faktury:",
)

L["sv"] = dict(
    given=["Erik", "Lars", "Karl", "Anders", "Johan", "Björn", "Åsa", "Maja", "Ingrid",
           "Linnéa", "Elsa", "Ebba", "Astrid", "Sofia", "Göran"],
    family=["Andersson", "Johansson", "Karlsson", "Nilsson", "Eriksson", "Larsson",
            "Olsson", "Persson", "Svensson", "Gustafsson", "Lindström", "Bergström",
            "Åkesson", "Sjöberg", "Öberg"],
    name_fmt="western",
    cities=["Stockholm", "Göteborg", "Malmö", "Uppsala", "Västerås", "Örebro",
            "Linköping", "Jönköping", "Norrköping", "Umeå"],
    statuses=["Levererad", "Skickad", "Behandlas", "Väntande", "Avbruten",
              "Återbetald", "Pausad", "Returnerad"],
    items=["Trådlösa hörlurar", "Brusreducerande hörlurar", "USB-C-laddkabel (2 m)",
           "Vattenflaska i rostfritt stål 750 ml", "Keramikmugg", "Yogamatta",
           "Löparskor", "Linneskjorta", "Ullhalsduk", "Plånbok i läder", "Ryggsäck 25 l",
           "Dimbar skrivbordslampa", "Mekaniskt tangentbord", "Gjutjärnspanna 26 cm",
           "Doftljus sandelträ", "Ekologiskt grönt te 100 g", "Mörkrostade kaffebönor 1 kg",
           "Badlakan i bomull (4-pack)", "Smartklocka", "Vattenkokare 1,7 l"],
    colors=["svart", "vit", "marinblå", "olivgrön", "antracit", "sand", "röd"],
    product_fmt=["{item}", "{item}, färg: {color}"],
    notes=[
        "Leverans planerad till {date} på förmiddagen.",
        "Kunden vill bli uppringd före leverans.",
        "Paketet lämnat hos grannen, kvitterat av {name}.",
        "Återbetalning gjord {date} till ursprungligt betalkort.",
        "Varan kom skadad, ersättningsvara har skickats.",
        "Rabattkoden {code} användes.",
        "Lämna inte paketet utanför dörren.",
        "Kunden vill byta till en större storlek.",
        "Tack för snabb leverans!",
        "Delleverans: {n} av {m} varor skickade med {courier}.",
    ],
    reviews=[
        "Snabb leverans och precis som beskrivet.",
        "Storleken är lite liten, beställ gärna en storlek större.",
        "Kundtjänsten var trevlig och löste problemet direkt.",
    ],
    months=["januari", "februari", "mars", "april", "maj", "juni", "juli", "augusti",
            "september", "oktober", "november", "december"],
    date_fmt="{d} {mon}",
    couriers=["PostNord", "DHL", "Budbee", "Instabox"],
    currency="SEK", vat="SE############", code_words=["VÅR", "VÄLKOMMEN", "SOMMAR"],
    link_label="Spårningslänk:", email_label="Skicka fakturor till",
    hash_label="SHA-256-kontrollsumma för fakturan:",
)

L["tr"] = dict(
    given=["Mehmet", "Mustafa", "Ahmet", "Ali", "Hüseyin", "İbrahim", "Emre", "Çağrı",
           "Zeynep", "Elif", "Ayşe", "Fatma", "Büşra", "Gülşen", "Özlem"],
    family=["Yılmaz", "Kaya", "Demir", "Şahin", "Çelik", "Yıldız", "Yıldırım", "Öztürk",
            "Aydın", "Özdemir", "Arslan", "Doğan", "Kılıç", "Aslan", "Çetin"],
    name_fmt="western",
    cities=["İstanbul", "Ankara", "İzmir", "Eskişehir", "Muğla", "Şanlıurfa",
            "Çanakkale", "Diyarbakır", "Bursa", "Antalya"],
    statuses=["Teslim edildi", "Kargoya verildi", "Hazırlanıyor", "Beklemede",
              "İptal edildi", "İade edildi", "Askıya alındı", "Geri gönderildi"],
    items=["Kablosuz kulaklık", "Gürültü önleyici kulaklık", "USB-C şarj kablosu (2 m)",
           "Paslanmaz çelik su şişesi 750 ml", "Seramik kupa", "Yoga matı",
           "Koşu ayakkabısı", "Keten gömlek", "Yün atkı", "Deri cüzdan",
           "Sırt çantası 25 L", "Ayarlanabilir masa lambası", "Mekanik klavye",
           "Döküm tava 26 cm", "Sandal ağacı kokulu mum", "Organik yeşil çay 100 g",
           "Koyu kavrulmuş çekirdek kahve 1 kg", "Pamuklu banyo havlusu seti",
           "Akıllı saat", "Elektrikli su ısıtıcısı 1,7 L"],
    colors=["siyah", "beyaz", "lacivert", "haki", "antrasit", "bej", "kırmızı"],
    product_fmt=["{item}", "{item} - {color}", "{item}, renk: {color}"],
    notes=[
        "Teslimat {date} tarihinde öğleden önce yapılacak.",
        "Müşteri teslimattan önce aranmak istiyor.",
        "Paket kapıcıya bırakıldı, {name} tarafından teslim alındı.",
        "İade {date} tarihinde kredi kartına yapıldı.",
        "Ürün hasarlı geldi, yenisi gönderildi.",
        "İndirim kodu {code} uygulandı.",
        "Fatura şirket adına kesilecek, vergi numarası {vat}.",
        "Müşteri bir beden büyüğüyle değişim istiyor.",
        "Hızlı kargo için teşekkürler!",
        "Lütfen paketi kapının önüne bırakmayın.",
        "Kısmi gönderim: {m} üründen {n} tanesi {courier} ile gönderildi.",
    ],
    reviews=[
        "Ürün beklediğimden çok daha kaliteli çıktı, herkese tavsiye ederim.",
        "Kargo biraz gecikti ama paketleme özenliydi.",
        "Beden tablosuna göre aldım, tam oldu.",
    ],
    months=["Ocak", "Şubat", "Mart", "Nisan", "Mayıs", "Haziran", "Temmuz", "Ağustos",
            "Eylül", "Ekim", "Kasım", "Aralık"],
    date_fmt="{d} {mon}",
    couriers=["Yurtiçi Kargo", "Aras Kargo", "MNG Kargo", "PTT Kargo"],
    currency="TRY", vat="##########", code_words=["BAHAR", "HOSGELDIN", "YAZ"],
    link_label="Kargo takip bağlantısı:", email_label="Faturaları şu adrese gönderin:",
    hash_label="Faturanın SHA-256 özeti:",
)

L["vi"] = dict(
    family=["Nguyễn", "Trần", "Lê", "Phạm", "Hoàng", "Huỳnh", "Phan", "Vũ", "Võ",
            "Đặng", "Bùi", "Đỗ"],
    middle=["Văn", "Thị", "Minh", "Thanh", "Ngọc", "Đức", "Hữu", "Quốc"],
    given=["Anh", "Hương", "Lan", "Hùng", "Dũng", "Tuấn", "Hà", "Linh", "Phương",
           "Quang", "Thảo", "Trang", "Việt", "Hải", "Khánh"],
    name_fmt="vietnamese",
    cities=["Hà Nội", "Thành phố Hồ Chí Minh", "Đà Nẵng", "Hải Phòng", "Cần Thơ",
            "Huế", "Nha Trang", "Đà Lạt"],
    statuses=["Đã giao", "Đang giao", "Đang xử lý", "Chờ xác nhận", "Đã hủy",
              "Đã hoàn tiền", "Tạm giữ", "Đã trả hàng"],
    items=["Tai nghe không dây", "Tai nghe chống ồn", "Cáp sạc USB-C (2 m)",
           "Bình giữ nhiệt inox 750 ml", "Cốc sứ", "Thảm tập yoga", "Giày chạy bộ",
           "Áo sơ mi vải lanh", "Khăn quàng len", "Ví da", "Ba lô 25 L",
           "Đèn bàn điều chỉnh độ sáng", "Bàn phím cơ", "Chảo gang 26 cm",
           "Nến thơm gỗ đàn hương", "Trà xanh hữu cơ 100 g", "Cà phê hạt rang đậm 1 kg",
           "Bộ khăn tắm cotton", "Đồng hồ thông minh", "Ấm đun nước siêu tốc 1,7 L"],
    colors=["màu đen", "màu trắng", "màu xanh navy", "màu xanh rêu", "màu xám",
            "màu be", "màu đỏ"],
    product_fmt=["{item}", "{item} - {color}"],
    notes=[
        "Giao hàng vào ngày {date}, buổi sáng.",
        "Khách hàng muốn được gọi điện trước khi giao.",
        "Đã để gói hàng ở quầy lễ tân, người nhận: {name}.",
        "Đã hoàn tiền vào thẻ ngày {date}.",
        "Sản phẩm bị hư hỏng khi nhận, đã gửi hàng thay thế.",
        "Áp dụng mã giảm giá {code}.",
        "Khách muốn đổi sang cỡ lớn hơn.",
        "Cảm ơn shop đã giao hàng nhanh!",
        "Vui lòng không để hàng trước cửa.",
        "Giao một phần: đã gửi {n}/{m} sản phẩm qua {courier}.",
    ],
    reviews=[
        "Hàng đóng gói cẩn thận, giao nhanh hơn dự kiến.",
        "Chất lượng tốt so với giá tiền, sẽ ủng hộ shop lần sau.",
        "Màu hơi khác so với hình nhưng vẫn đẹp.",
    ],
    months=None,
    date_fmt="{d}/{m}",
    couriers=["Giao Hàng Nhanh", "Viettel Post", "J&T Express", "VNPost"],
    currency="VND", vat="##########", code_words=["MUAXUAN", "CHAOBAN", "FREESHIP"],
    link_label="Link theo dõi đơn hàng:", email_label="Gửi hóa đơn đến",
    hash_label="Mã băm SHA-256 của hóa đơn:",
)

L["ru"] = dict(
    given_m=["Александр", "Дмитрий", "Максим", "Сергей", "Андрей", "Алексей", "Иван",
             "Михаил"],
    given_f=["Анна", "Мария", "Елена", "Ольга", "Наталья", "Татьяна", "Юлия", "Екатерина"],
    family=["Иванов", "Смирнов", "Кузнецов", "Попов", "Соколов", "Лебедев", "Козлов",
            "Новиков", "Морозов", "Волков", "Соловьёв", "Васильев"],
    name_fmt="gendered_a",
    cities=["Москва", "Санкт-Петербург", "Новосибирск", "Екатеринбург", "Казань",
            "Нижний Новгород", "Самара", "Ростов-на-Дону"],
    statuses=["Доставлен", "Отправлен", "В обработке", "Ожидает оплаты", "Отменён",
              "Возврат средств", "Приостановлен", "Возвращён"],
    items=["Беспроводные наушники", "Наушники с шумоподавлением",
           "Кабель USB-C для зарядки (2 м)", "Бутылка из нержавеющей стали 750 мл",
           "Керамическая кружка", "Коврик для йоги", "Кроссовки для бега",
           "Льняная рубашка", "Шерстяной шарф", "Кожаный кошелёк", "Рюкзак 25 л",
           "Настольная лампа с регулировкой яркости", "Механическая клавиатура",
           "Чугунная сковорода 26 см", "Ароматическая свеча «Сандал»",
           "Органический зелёный чай 100 г", "Кофе в зёрнах тёмной обжарки 1 кг",
           "Набор хлопковых полотенец", "Умные часы", "Электрочайник 1,7 л"],
    colors=["чёрный", "белый", "тёмно-синий", "оливковый", "графитовый", "бежевый", "красный"],
    product_fmt=["{item}", "{item}, цвет: {color}"],
    notes=[
        "Доставка запланирована на {date}, с 10 до 14 часов.",
        "Клиент просит позвонить перед доставкой.",
        "Посылка оставлена у консьержа, получатель: {name}.",
        "Возврат средств оформлен {date} на банковскую карту.",
        "Товар пришёл повреждённым, отправлена замена.",
        "Применён промокод {code}.",
        "Счёт выставить на организацию, ИНН {vat}.",
        "Клиентка хочет обменять на размер побольше.",
        "Спасибо за быструю доставку!",
        "Пожалуйста, не оставляйте посылку у двери.",
        "Частичная отправка: {n} из {m} товаров переданы в службу доставки {courier}.",
    ],
    reviews=[
        "Заказ пришёл раньше срока, всё аккуратно упаковано.",
        "Качество отличное, цвет полностью соответствует фотографии.",
        "Размер маломерит, советую брать на размер больше.",
    ],
    months=["января", "февраля", "марта", "апреля", "мая", "июня", "июля", "августа",
            "сентября", "октября", "ноября", "декабря"],
    date_fmt="{d} {mon}",
    couriers=["СДЭК", "Почта России", "Boxberry", "DPD"],
    currency="RUB", vat="##########", code_words=["ВЕСНА", "ПРИВЕТ", "SALE"],
    link_label="Ссылка для отслеживания:", email_label="Счета отправлять на",
    hash_label="SHA-256 подписанного счёта:",
)

L["el"] = dict(
    given_m=["Γιώργος", "Δημήτρης", "Κώστας", "Νίκος", "Γιάννης", "Παναγιώτης"],
    given_f=["Μαρία", "Ελένη", "Κατερίνα", "Σοφία", "Δέσποινα", "Αικατερίνη"],
    family=["Γεωργίου", "Ιωάννου", "Οικονόμου", "Κωνσταντίνου", "Δημητρίου",
            "Νικολάου", "Αντωνίου", "Παπαδοπούλου"],
    name_fmt="gendered_same",
    cities=["Αθήνα", "Θεσσαλονίκη", "Πάτρα", "Ηράκλειο", "Λάρισα", "Βόλος", "Ιωάννινα"],
    statuses=["Παραδόθηκε", "Απεστάλη", "Σε επεξεργασία", "Σε αναμονή", "Ακυρώθηκε",
              "Επιστροφή χρημάτων", "Σε αναστολή", "Επιστράφηκε"],
    items=["Ασύρματα ακουστικά", "Ακουστικά με ακύρωση θορύβου",
           "Καλώδιο φόρτισης USB-C (2 m)", "Κεραμική κούπα", "Στρώμα γιόγκα",
           "Παπούτσια για τρέξιμο", "Λινό πουκάμισο", "Μάλλινο κασκόλ",
           "Δερμάτινο πορτοφόλι", "Σακίδιο πλάτης 25 L", "Μηχανικό πληκτρολόγιο",
           "Έξυπνο ρολόι", "Ηλεκτρικός βραστήρας 1,7 L"],
    colors=["μαύρο", "λευκό", "σκούρο μπλε", "λαδί", "γκρι", "μπεζ", "κόκκινο"],
    product_fmt=["{item}", "{item}, χρώμα: {color}"],
    notes=[
        "Η παράδοση έχει προγραμματιστεί για τις {date}.",
        "Ο πελάτης ζητά να τον καλέσετε πριν από την παράδοση.",
        "Έγινε επιστροφή χρημάτων στην κάρτα στις {date}.",
        "Το προϊόν έφτασε κατεστραμμένο· στάλθηκε αντικατάσταση.",
        "Ευχαριστώ πολύ για τη γρήγορη αποστολή!",
        "Εφαρμόστηκε ο εκπτωτικός κωδικός {code}.",
        "Παρακαλώ μην αφήνετε το δέμα έξω από την πόρτα.",
    ],
    reviews=[
        "Το δέμα έφτασε νωρίτερα από την αναμενόμενη ημερομηνία.",
        "Πολύ καλή ποιότητα για αυτή την τιμή.",
    ],
    months=["Ιανουαρίου", "Φεβρουαρίου", "Μαρτίου", "Απριλίου", "Μαΐου", "Ιουνίου",
            "Ιουλίου", "Αυγούστου", "Σεπτεμβρίου", "Οκτωβρίου", "Νοεμβρίου", "Δεκεμβρίου"],
    date_fmt="{d} {mon}",
    couriers=["ΕΛΤΑ Courier", "ACS", "Γενική Ταχυδρομική"],
    currency="EUR_DE", vat="EL#########", code_words=["SPRING", "WELCOME"],
    link_label="Σύνδεσμος παρακολούθησης:", email_label="Στείλτε τα τιμολόγια στο",
    hash_label="SHA-256 του τιμολογίου:",
)

L["ar"] = dict(
    given=["محمد", "أحمد", "علي", "عمر", "يوسف", "خالد", "حسن", "إبراهيم", "عبد الله",
           "فاطمة", "مريم", "نور", "سارة", "ليلى", "هدى", "ريم", "عائشة", "سلمى"],
    family=["العلي", "الحسن", "الخطيب", "النجار", "الحداد", "السيد", "المصري", "الشامي",
            "القحطاني", "العتيبي", "الزهراني", "حداد", "منصور", "عبد الرحمن", "الأحمد"],
    name_fmt="western",
    cities=["الرياض", "دبي", "القاهرة", "عمّان", "الدار البيضاء", "بيروت", "جدة",
            "الدوحة", "الكويت", "مسقط", "أبوظبي", "الإسكندرية"],
    statuses=["تم التوصيل", "تم الشحن", "قيد التجهيز", "قيد الانتظار", "ملغي",
              "تم الاسترداد", "معلّق", "مُرتجع"],
    items=["سماعات أذن لاسلكية", "سماعات رأس بخاصية عزل الضوضاء", "كابل شحن USB-C (2 متر)",
           "زجاجة ماء من الفولاذ المقاوم للصدأ 750 مل", "كوب سيراميك", "سجادة يوغا",
           "حذاء جري", "قميص كتان", "وشاح صوف", "محفظة جلدية", "حقيبة ظهر 25 لتر",
           "مصباح مكتب قابل للتعتيم", "لوحة مفاتيح ميكانيكية", "مقلاة حديد زهر 26 سم",
           "شمعة معطرة بخشب الصندل", "شاي أخضر عضوي 100 غرام",
           "حبوب قهوة محمصة داكنة 1 كغ", "طقم مناشف قطنية", "ساعة ذكية",
           "غلاية كهربائية 1.7 لتر", "جراب iPhone 15", "سجادة صلاة", "تمر مجدول فاخر 1 كغ"],
    colors=["أسود", "أبيض", "كحلي", "زيتي", "رمادي", "بيج", "أحمر"],
    product_fmt=["{item}", "{item} - اللون: {color}", "{item}، {color}"],
    notes=[
        "يرجى الاتصال بالعميل قبل التوصيل.",
        "تم تسليم الطلب إلى حارس المبنى ووقّع عليه {name}.",
        "تم استرداد المبلغ إلى البطاقة الائتمانية بتاريخ {date}.",
        "وصل المنتج تالفًا، وتم إرسال بديل.",
        "تم شحن الطلب رقم {order} عبر {courier}، رقم التتبع {tracking}.",
        "العميل يريد استبدال المقاس بمقاس أكبر.",
        "تم تطبيق رمز الخصم {code}.",
        "التوصيل بعد الساعة {time} مساءً فقط.",
        "فشلت محاولة التوصيل الثانية، وسيُعاد الطرد إلى مستودع {city}.",
        "الفاتورة باسم الشركة، الرقم الضريبي {vat}.",
        "شكرًا على سرعة التوصيل!",
        "يرجى عدم ترك الطرد أمام الباب.",
        "الدفع عند الاستلام.",
        "تم تأجيل الشحن حتى {date} بسبب نفاد المخزون.",
        "طلب العميل تغليف الهدية مع بطاقة: «كل عام وأنت بخير يا {name}».",
        "عدد القطع: {n}، والمنتج: {product}.",
    ],
    reviews=[
        "وصل الطلب قبل الموعد المحدد والتغليف ممتاز.",
        "الجودة جيدة جدًا مقارنة بالسعر، وأنصح بالتعامل مع هذا المتجر.",
        "اللون مختلف قليلًا عن الصورة، لكنه جميل.",
        "خدمة العملاء ردّت بسرعة وحلّت المشكلة في نفس اليوم.",
    ],
    months=["يناير", "فبراير", "مارس", "أبريل", "مايو", "يونيو", "يوليو", "أغسطس",
            "سبتمبر", "أكتوبر", "نوفمبر", "ديسمبر"],
    date_fmt="{d} {mon}",
    couriers=["Aramex", "SMSA Express", "DHL", "Naqel"],
    currency="SAR", vat="3##############3" , code_words=["RAMADAN", "EID", "WELCOME"],
    link_label="رابط تتبع الشحنة:", email_label="يرجى إرسال الفواتير إلى",
    hash_label="بصمة SHA-256 للفاتورة:",
)

L["he"] = dict(
    given=["נועה", "תמר", "מאיה", "יעל", "שירה", "אביגיל", "מיכל", "רוני", "דוד",
           "יוסף", "איתי", "אריאל", "נועם", "עומר", "יונתן", "משה", "אורי"],
    family=["כהן", "לוי", "מזרחי", "פרץ", "ביטון", "דהן", "אברהם", "פרידמן", "אזולאי",
            "מלכה", "שפירא", "גולדברג", "רוזנברג", "קליין", "בן דוד", "אוחיון"],
    name_fmt="western",
    cities=["תל אביב", "ירושלים", "חיפה", "באר שבע", "נתניה", "ראשון לציון", "אשדוד",
            "פתח תקווה", "הרצליה", "אילת"],
    statuses=["נמסר", "נשלח", "בטיפול", "ממתין", "בוטל", "זוכה", "מושהה", "הוחזר"],
    items=["אוזניות אלחוטיות", "אוזניות עם סינון רעשים", "כבל טעינה USB-C (2 מ׳)",
           "בקבוק מים מנירוסטה 750 מ״ל", "ספל קרמיקה", "מזרן יוגה", "נעלי ריצה",
           "חולצת פשתן", "צעיף צמר", "ארנק עור", "תיק גב 25 ליטר",
           "מנורת שולחן עם עמעם", "מקלדת מכנית", "מחבת ברזל יצוק 26 ס״מ",
           "נר ריחני אלגום", "תה ירוק אורגני 100 גרם", "פולי קפה קלייה כהה 1 ק״ג",
           "סט מגבות כותנה", "שעון חכם", "קומקום חשמלי 1.7 ליטר", "כיסוי ל-iPhone 15"],
    colors=["שחור", "לבן", "כחול כהה", "ירוק זית", "אפור פחם", "בז׳", "אדום"],
    product_fmt=["{item}", "{item}, צבע: {color}", "{item} – {color}"],
    notes=[
        "נא להתקשר ללקוח לפני המסירה.",
        "החבילה נמסרה לשומר בבניין, חתם/ה: {name}.",
        "הזיכוי בוצע לכרטיס האשראי בתאריך {date}.",
        "המוצר הגיע פגום, נשלח מוצר חלופי.",
        "ההזמנה {order} נשלחה באמצעות {courier}, מספר מעקב {tracking}.",
        "הלקוחה מבקשת להחליף למידה גדולה יותר.",
        "קוד ההנחה {code} הופעל בקופה.",
        "משלוח רק אחרי השעה {time}:00, בימים א׳–ה׳.",
        "ניסיון המסירה השני נכשל, החבילה הוחזרה למחסן ב{city}.",
        "חשבונית על שם החברה, ח.פ. {vat}.",
        "תודה רבה על המשלוח המהיר!",
        "נא לא להשאיר את החבילה ליד הדלת.",
        "התשלום בוצע במזומן באיסוף עצמי.",
        "המשלוח נדחה עד {date} בגלל חוסר במלאי.",
    ],
    reviews=[
        "המשלוח הגיע יומיים לפני הזמן והאריזה הייתה מצוינת.",
        "איכות טובה מאוד ביחס למחיר, ממליצה בחום.",
        "הצבע קצת שונה מהתמונה באתר, אבל עדיין יפה.",
        "שירות הלקוחות ענה מהר ופתר את הבעיה באותו יום.",
    ],
    months=None,
    date_fmt="{d}.{m}.{y}",
    couriers=["דואר ישראל", "UPS", "DHL", "צ׳יטה"],
    currency="ILS", vat="51-######-#", code_words=["SALE", "WELCOME", "PESACH"],
    link_label="קישור למעקב:", email_label="נא לשלוח חשבוניות אל",
    hash_label="טביעת SHA-256 של החשבונית:",
)

L["hi"] = dict(
    given=["राहुल", "अमित", "विकास", "सुनील", "अर्जुन", "आदित्य", "रोहन", "प्रिया",
           "अंजलि", "पूजा", "नेहा", "कविता", "सुनीता", "दीपिका", "आरती", "स्नेहा"],
    family=["शर्मा", "वर्मा", "गुप्ता", "सिंह", "कुमार", "पटेल", "यादव", "जोशी", "मिश्रा",
            "अग्रवाल", "चौहान", "त्रिपाठी", "श्रीवास्तव", "मेहता", "बंसल"],
    name_fmt="western",
    cities=["नई दिल्ली", "मुंबई", "बेंगलुरु", "कोलकाता", "जयपुर", "लखनऊ", "पुणे",
            "अहमदाबाद", "भोपाल", "वाराणसी", "चंडीगढ़", "इंदौर"],
    statuses=["डिलीवर हो गया", "भेज दिया गया", "प्रोसेस हो रहा है", "लंबित", "रद्द",
              "रिफ़ंड हो गया", "रोका गया", "वापस किया गया"],
    items=["वायरलेस ईयरबड्स", "नॉइज़ कैंसलिंग हेडफ़ोन", "USB-C चार्जिंग केबल (2 मीटर)",
           "स्टील की पानी की बोतल 750 मि.ली.", "सिरेमिक मग", "योगा मैट", "रनिंग शूज़",
           "लिनन शर्ट", "ऊनी मफ़लर", "चमड़े का बटुआ", "बैकपैक 25 लीटर", "डेस्क लैंप",
           "मैकेनिकल कीबोर्ड", "लोहे की कड़ाही", "चंदन की खुशबू वाली मोमबत्ती",
           "ऑर्गेनिक ग्रीन टी 100 ग्राम", "कॉफ़ी बीन्स 1 किलो", "सूती तौलिया सेट",
           "स्मार्ट वॉच", "इलेक्ट्रिक केतली 1.7 लीटर", "सूती कुर्ता", "बनारसी सिल्क साड़ी"],
    colors=["काला", "सफ़ेद", "नीला", "हरा", "स्लेटी", "बादामी", "लाल"],
    product_fmt=["{item}", "{item} – रंग: {color}", "{item} ({color})"],
    notes=[
        "कृपया डिलीवरी से पहले ग्राहक को फ़ोन करें।",
        "पार्सल गार्ड को सौंपा गया, हस्ताक्षर: {name}।",
        "{date} को क्रेडिट कार्ड में रिफ़ंड कर दिया गया।",
        "सामान टूटा हुआ पहुँचा, बदले में नया भेजा गया है।",
        "ऑर्डर {order} को {courier} से भेजा गया, ट्रैकिंग नंबर {tracking}।",
        "ग्राहक बड़े साइज़ से बदलना चाहती हैं।",
        "डिस्काउंट कोड {code} लागू किया गया।",
        "डिलीवरी सिर्फ़ शाम {time} बजे के बाद।",
        "दूसरी बार डिलीवरी की कोशिश नाकाम रही, पार्सल {city} के गोदाम में वापस भेजा गया।",
        "बिल कंपनी के नाम पर बनाना है, GSTIN: {vat}।",
        "जल्दी डिलीवरी के लिए धन्यवाद!",
        "कृपया पार्सल दरवाज़े के बाहर न छोड़ें।",
        "भुगतान डिलीवरी पर नकद किया गया।",
        "स्टॉक खत्म होने की वजह से शिपमेंट {date} तक टाल दिया गया।",
    ],
    reviews=[
        "सामान समय से पहले पहुँच गया और पैकिंग भी बहुत अच्छी थी।",
        "कीमत के हिसाब से क्वालिटी काफ़ी अच्छी है।",
        "रंग फ़ोटो से थोड़ा अलग है, लेकिन फिर भी पसंद आया।",
        "कस्टमर केयर ने उसी दिन मेरी समस्या हल कर दी।",
    ],
    months=["जनवरी", "फ़रवरी", "मार्च", "अप्रैल", "मई", "जून", "जुलाई", "अगस्त",
            "सितंबर", "अक्तूबर", "नवंबर", "दिसंबर"],
    date_fmt="{d} {mon}",
    couriers=["Delhivery", "Blue Dart", "India Post", "Ekart"],
    currency="INR", vat="27AAPFU####F1ZV", code_words=["DIWALI", "HOLI", "WELCOME"],
    link_label="ट्रैकिंग लिंक:", email_label="बिल इस पते पर भेजें:",
    hash_label="इनवॉइस का SHA-256:",
)

L["th"] = dict(
    given=["สมชาย", "สมศักดิ์", "ประเสริฐ", "วิชัย", "ธนากร", "อนุชา", "สุดารัตน์",
           "กาญจนา", "วันเพ็ญ", "ณัฐธิดา", "พิมพ์ชนก", "ศิริพร", "นภัสสร", "อรุณี"],
    family=["ใจดี", "แสงทอง", "ศรีสุข", "วงศ์สวัสดิ์", "บุญมา", "สุขเจริญ", "ทองคำ",
            "รัตนพันธ์", "เพชรรัตน์", "จันทร์เพ็ญ", "ศรีวงศ์", "พรหมมา"],
    name_fmt="western",
    cities=["กรุงเทพมหานคร", "เชียงใหม่", "ภูเก็ต", "ขอนแก่น", "หาดใหญ่", "นครราชสีมา",
            "พัทยา", "อุดรธานี", "เชียงราย", "นนทบุรี"],
    statuses=["จัดส่งสำเร็จ", "อยู่ระหว่างจัดส่ง", "กำลังเตรียมสินค้า", "รอดำเนินการ",
              "ยกเลิกแล้ว", "คืนเงินแล้ว", "ระงับชั่วคราว", "ตีกลับ"],
    items=["หูฟังไร้สาย", "หูฟังตัดเสียงรบกวน", "สายชาร์จ USB-C (2 ม.)",
           "ขวดน้ำสแตนเลส 750 มล.", "แก้วมัคเซรามิก", "เสื่อโยคะ", "รองเท้าวิ่ง",
           "เสื้อเชิ้ตผ้าลินิน", "ผ้าพันคอขนสัตว์", "กระเป๋าสตางค์หนัง",
           "กระเป๋าเป้ 25 ลิตร", "โคมไฟตั้งโต๊ะปรับแสงได้", "คีย์บอร์ดแมคคานิคอล",
           "กระทะเหล็กหล่อ 26 ซม.", "เทียนหอมกลิ่นไม้จันทน์", "ชาเขียวออร์แกนิก 100 กรัม",
           "เมล็ดกาแฟคั่วเข้ม 1 กก.", "ชุดผ้าขนหนูฝ้าย", "สมาร์ทวอทช์",
           "กาต้มน้ำไฟฟ้า 1.7 ลิตร"],
    colors=["สีดำ", "สีขาว", "สีกรมท่า", "สีเขียวมะกอก", "สีเทาเข้ม", "สีครีม", "สีแดง"],
    product_fmt=["{item}", "{item} {color}", "{item} ({color})"],
    notes=[
        "กรุณาโทรหาลูกค้าก่อนจัดส่ง",
        "ฝากพัสดุไว้กับนิติบุคคล ผู้รับคือคุณ{name}",
        "คืนเงินเข้าบัตรเครดิตแล้วเมื่อวันที่ {date}",
        "สินค้าชำรุดตอนได้รับ ส่งสินค้าใหม่ให้แล้ว",
        "คำสั่งซื้อ {order} ส่งทาง {courier} เลขพัสดุ {tracking}",
        "ลูกค้าต้องการเปลี่ยนเป็นไซซ์ใหญ่ขึ้น",
        "ใช้โค้ดส่วนลด {code} แล้ว",
        "จัดส่งหลังเวลา {time}:00 น. เท่านั้น",
        "จัดส่งครั้งที่สองไม่สำเร็จ พัสดุถูกส่งกลับไปที่คลังสินค้าสาขา{city}",
        "ออกใบกำกับภาษีในนามบริษัท เลขประจำตัวผู้เสียภาษี {vat}",
        "ขอบคุณที่ส่งของไวมากค่ะ",
        "กรุณาอย่าวางพัสดุไว้หน้าประตู",
        "ชำระเงินปลายทางเรียบร้อยแล้ว",
        "สินค้าหมดสต็อก เลื่อนการจัดส่งเป็นวันที่ {date}",
    ],
    reviews=[
        "ได้รับสินค้าเร็วกว่าที่คิด แพ็กของมาอย่างดี",
        "คุณภาพดีเกินราคา จะกลับมาซื้ออีกแน่นอน",
        "สีจริงเข้มกว่าในรูปนิดหน่อย แต่โดยรวมพอใจมาก",
        "แอดมินตอบแชทไวและช่วยแก้ปัญหาให้ภายในวันเดียว",
    ],
    months=["ม.ค.", "ก.พ.", "มี.ค.", "เม.ย.", "พ.ค.", "มิ.ย.", "ก.ค.", "ส.ค.", "ก.ย.",
            "ต.ค.", "พ.ย.", "ธ.ค."],
    date_fmt="{d} {mon} {by}",
    couriers=["Kerry Express", "Flash Express", "ไปรษณีย์ไทย", "J&T Express"],
    currency="THB", vat="0105#########", code_words=["SONGKRAN", "NEWYEAR", "WELCOME"],
    link_label="ลิงก์ติดตามพัสดุ:", email_label="ส่งใบกำกับภาษีไปที่",
    hash_label="ค่า SHA-256 ของใบกำกับภาษี:",
)

L["zh"] = dict(
    family=["王", "李", "张", "刘", "陈", "杨", "黄", "赵", "吴", "周", "徐", "孙", "马",
            "朱", "胡", "郭", "何", "林", "罗", "高", "欧阳"],
    given=["伟", "芳", "娜", "敏", "静", "丽", "强", "磊", "军", "洋", "勇", "艳", "杰",
           "娟", "涛", "明", "超", "秀英", "桂英", "建华", "志强", "晓明", "子涵", "浩然",
           "雨桐", "梓萱", "一诺"],
    name_fmt="east_asian",
    cities=["北京", "上海", "广州", "深圳", "成都", "杭州", "武汉", "南京", "西安", "重庆",
            "苏州", "厦门"],
    statuses=["已签收", "已发货", "处理中", "待付款", "已取消", "已退款", "已暂停", "已退货"],
    items=["无线蓝牙耳机", "主动降噪头戴式耳机", "USB-C 充电线（2 米）", "不锈钢保温杯 750ml",
           "陶瓷马克杯", "瑜伽垫", "跑步鞋", "亚麻衬衫", "羊毛围巾", "真皮钱包",
           "双肩背包 25L", "可调光台灯", "机械键盘", "铸铁平底锅 26cm", "檀香香薰蜡烛",
           "有机绿茶 100g", "深度烘焙咖啡豆 1kg", "纯棉浴巾套装", "智能手表",
           "电热水壶 1.7L", "iPhone 15 手机壳"],
    colors=["黑色", "白色", "藏青色", "橄榄绿", "深灰色", "米色", "红色"],
    product_fmt=["{item}", "{item} {color}", "{item}（{color}）"],
    notes=[
        "请在送货前联系客户。",
        "包裹已交给门卫，签收人：{name}。",
        "已于{date}退款至原支付方式。",
        "商品到货时已损坏，已补发新品。",
        "订单{order}已通过{courier}发出，运单号{tracking}。",
        "客户希望换成大一号的尺码。",
        "已使用优惠码 {code}。",
        "仅限工作日{time}点以后送货。",
        "第二次派送失败，包裹已退回{city}仓库。",
        "发票抬头为公司名称，税号：{vat}。",
        "发货很快，谢谢！",
        "请不要把包裹放在门口。",
        "货到付款，已收现金。",
        "因库存不足，发货推迟到{date}。",
        "客户要求礼品包装，并附贺卡：“{name}，生日快乐！”",
        "商品质量很好，和描述一致，五星好评！",
    ],
    reviews=[
        "包装很结实，物流也很快，第二天就收到了。",
        "做工精细，手感不错，性价比很高。",
        "颜色比图片上稍微深一点，不过整体还是很满意。",
        "客服回复及时，耐心解答了我的问题。",
    ],
    months=None,
    date_fmt="{m}月{d}日",
    couriers=["顺丰速运", "京东物流", "中通快递", "EMS"],
    currency="CNY", vat="91310000MA1K######", code_words=["SPRING", "NEWYEAR", "VIP"],
    link_label="物流查询链接：", email_label="发票请发送至",
    hash_label="发票 SHA-256 校验值：",
)

L["ja"] = dict(
    family=["佐藤", "鈴木", "高橋", "田中", "伊藤", "渡辺", "山本", "中村", "小林", "加藤",
            "吉田", "山田", "佐々木", "山口", "松本", "井上"],
    given=["翔太", "大輔", "健", "拓也", "蓮", "陽翔", "悠真", "結衣", "陽菜", "美咲",
           "さくら", "愛子", "恵子", "由美", "葵", "花子", "ひなた"],
    name_fmt="japanese",
    cities=["東京", "大阪", "京都", "横浜", "名古屋", "札幌", "福岡", "神戸", "仙台", "広島",
            "那覇"],
    statuses=["配達完了", "発送済み", "処理中", "支払い待ち", "キャンセル済み", "返金済み",
              "保留中", "返品済み"],
    items=["ワイヤレスイヤホン", "ノイズキャンセリングヘッドホン", "USB-C 充電ケーブル（2m）",
           "ステンレス水筒 750ml", "陶器のマグカップ", "ヨガマット", "ランニングシューズ",
           "リネンシャツ", "ウールマフラー", "本革財布", "リュックサック 25L",
           "調光機能付きデスクライト", "メカニカルキーボード", "鋳鉄フライパン 26cm",
           "白檀のアロマキャンドル", "有機緑茶 100g", "深煎りコーヒー豆 1kg",
           "綿バスタオルセット", "スマートウォッチ", "電気ケトル 1.7L", "iPhone 15 用ケース"],
    colors=["ブラック", "ホワイト", "ネイビー", "オリーブ", "チャコール", "ベージュ", "レッド"],
    product_fmt=["{item}", "{item}（{color}）", "{item} / {color}"],
    notes=[
        "配達前にお客様へお電話ください。",
        "管理人室に預けました。受取人：{name}様。",
        "{date}にクレジットカードへ返金済みです。",
        "商品が破損した状態で届いたため、代替品を発送しました。",
        "ご注文{order}は{courier}で発送済みです。追跡番号：{tracking}",
        "ワンサイズ大きいものへの交換をご希望です。",
        "クーポンコード {code} を適用しました。",
        "平日{time}時以降の配達をご希望です。",
        "2回目の配達も不在のため、{city}の営業所へ返送されました。",
        "領収書の宛名は会社名でお願いします。登録番号：{vat}",
        "迅速な対応ありがとうございました！",
        "置き配は不可です。",
        "代金引換にて支払い済み。",
        "在庫切れのため、発送は{date}頃になります。",
        "ギフト包装希望。メッセージカード：「{name}さん、お誕生日おめでとう！」",
    ],
    reviews=[
        "注文してから二日で届きました。梱包も丁寧でした。",
        "音質はとても良いですが、バッテリーの持ちが少し短いです。",
        "写真より色が少し濃いですが、気に入っています。",
        "問い合わせへの返信が早く、安心して購入できました。",
    ],
    months=None,
    date_fmt="{m}月{d}日",
    couriers=["ヤマト運輸", "佐川急便", "日本郵便", "DHL"],
    currency="JPY", vat="T#############", code_words=["SPRING", "WELCOME", "SALE"],
    link_label="配送状況の確認：", email_label="請求書の送付先：",
    hash_label="請求書の SHA-256：",
)

L["ko"] = dict(
    family=["김", "이", "박", "최", "정", "강", "조", "윤", "장", "임", "한", "오", "서",
            "신", "권", "황", "남궁"],
    given=["민준", "서준", "도윤", "예준", "시우", "하준", "지호", "서연", "서윤", "지우",
           "하은", "민서", "지민", "수빈", "영희", "철수", "은지", "현우"],
    name_fmt="east_asian",
    cities=["서울", "부산", "인천", "대구", "대전", "광주", "수원", "울산", "제주", "성남"],
    statuses=["배송 완료", "배송 중", "처리 중", "결제 대기", "취소됨", "환불 완료", "보류",
              "반품 완료"],
    items=["무선 이어폰", "노이즈 캔슬링 헤드폰", "USB-C 충전 케이블 (2m)",
           "스테인리스 텀블러 750ml", "세라믹 머그컵", "요가 매트", "러닝화", "린넨 셔츠",
           "울 머플러", "가죽 지갑", "백팩 25L", "밝기 조절 스탠드", "기계식 키보드",
           "무쇠 프라이팬 26cm", "샌달우드 향초", "유기농 녹차 100g",
           "다크 로스트 원두 1kg", "면 목욕 타월 세트", "스마트워치", "전기 주전자 1.7L",
           "아이폰 15 케이스"],
    colors=["블랙", "화이트", "네이비", "올리브", "차콜", "베이지", "레드"],
    product_fmt=["{item}", "{item} ({color})", "{item} / {color}"],
    notes=[
        "배송 전에 고객에게 전화 부탁드립니다.",
        "경비실에 맡겼습니다. 수령인: {name}",
        "{date}에 신용카드로 환불 처리되었습니다.",
        "상품이 파손된 상태로 도착하여 교환품을 발송했습니다.",
        "주문 {order} 상품을 {courier}(으)로 발송했습니다. 운송장 번호 {tracking}",
        "한 치수 큰 사이즈로 교환을 원하십니다.",
        "할인 코드 {code} 적용 완료.",
        "평일 오후 {time}시 이후에만 배송 가능합니다.",
        "두 번째 배송 시도도 실패하여 {city} 물류센터로 반송되었습니다.",
        "세금계산서는 회사 명의로 발행해 주세요. 사업자등록번호: {vat}",
        "빠른 배송 감사합니다!",
        "문 앞에 두지 말아 주세요.",
        "착불로 결제 완료되었습니다.",
        "재고 부족으로 {date}까지 발송이 지연됩니다.",
    ],
    reviews=[
        "주문한 다음 날 바로 도착했어요. 포장도 꼼꼼했습니다.",
        "가격 대비 품질이 정말 좋아요. 재구매 의사 있습니다.",
        "사진보다 색이 조금 진하지만 마음에 들어요.",
        "고객센터 응대가 친절하고 빨랐습니다.",
    ],
    months=None,
    date_fmt="{m}월 {d}일",
    couriers=["CJ대한통운", "한진택배", "롯데택배", "우체국택배"],
    currency="KRW", vat="###-##-#####", code_words=["SPRING", "WELCOME", "VIP"],
    link_label="배송 조회 링크:", email_label="세금계산서 받을 메일:",
    hash_label="세금계산서 SHA-256:",
)

# Longer note templates (claims, inspections, payment issues), appended to
# each language's "notes".
EXTRA_NOTES = {
    "en": [
        "Customer called to say the parcel shows as delivered but nothing arrived; opened a claim with {courier} and promised an update by {date}.",
        "Customer asked us to combine this order with {order} to save on shipping, but the first parcel had already left the warehouse.",
        "Building has a reception desk that is closed at weekends, so please schedule delivery Monday to Friday between 9 am and 5 pm.",
        "Card was declined twice, then the payment went through on the third attempt; no fraud flags, but keep an eye on chargebacks.",
        "Customer is happy to keep the {product} even though it arrived a few days late, so we added a $10 store credit as an apology.",
        "Returned item inspected: unused, original packaging intact, tags attached. Approved for a full refund.",
    ],
    "fr": [
        "Le client a appelé pour signaler que le colis est indiqué comme livré alors qu’il n’a rien reçu ; réclamation ouverte auprès de {courier}.",
        "Article retourné vérifié : jamais utilisé, emballage d’origine intact. Remboursement intégral validé.",
        "La cliente accepte de garder l’article malgré le retard ; un bon d’achat de 10 € lui a été offert en compensation.",
    ],
    "de": [
        "Kunde meldet, dass die Sendung als zugestellt angezeigt wird, aber nichts angekommen ist; Nachforschungsauftrag bei {courier} eröffnet.",
        "Rücksendung geprüft: unbenutzt, Originalverpackung unbeschädigt, Etiketten noch dran. Volle Erstattung freigegeben.",
        "Zahlung mit Kreditkarte zweimal abgelehnt, beim dritten Versuch erfolgreich; bitte auf mögliche Rückbuchungen achten.",
    ],
    "es": [
        "El cliente llamó para decir que el pedido figura como entregado pero no ha recibido nada; se abrió una reclamación con {courier}.",
        "Devolución revisada: sin usar, embalaje original intacto. Se aprueba el reembolso completo.",
    ],
    "pt": [
        "A cliente ligou dizendo que o pedido consta como entregue, mas nada chegou; abrimos uma reclamação junto à transportadora ({courier}).",
        "Produto devolvido conferido: sem uso e com a embalagem original intacta. Reembolso total aprovado.",
    ],
    "it": [
        "Il cliente segnala che il pacco risulta consegnato ma non ha ricevuto nulla; aperta una pratica con {courier}.",
        "Reso controllato: mai usato, confezione originale integra. Rimborso completo approvato.",
    ],
    "pl": ["Zwrot sprawdzony: towar nieużywany, oryginalne opakowanie nienaruszone. Zatwierdzono pełny zwrot pieniędzy."],
    "sv": ["Returen kontrollerad: oanvänd, originalförpackningen hel. Full återbetalning godkänd."],
    "tr": ["İade edilen ürün kontrol edildi: kullanılmamış, orijinal ambalajı sağlam. Tam iade onaylandı."],
    "vi": ["Đã kiểm tra hàng hoàn trả: chưa qua sử dụng, bao bì nguyên vẹn. Đồng ý hoàn tiền toàn bộ."],
    "ru": [
        "Клиент сообщил, что посылка отмечена как доставленная, но он её не получал; открыт запрос в {courier}.",
        "Возвращённый товар проверен: не использовался, оригинальная упаковка цела. Одобрен полный возврат средств.",
    ],
    "el": ["Το προϊόν που επιστράφηκε ελέγχθηκε: αχρησιμοποίητο, με την αρχική συσκευασία ανέπαφη. Εγκρίθηκε πλήρης επιστροφή χρημάτων."],
    "ar": [
        "اتصل العميل ليبلغ بأن الشحنة تظهر كمسلَّمة لكنه لم يستلم شيئًا، وتم فتح بلاغ لدى {courier}.",
        "تم فحص المنتج المُرتجع: غير مستخدم والتغليف الأصلي سليم، وتمت الموافقة على استرداد كامل المبلغ.",
    ],
    "he": [
        "הלקוח התקשר ואמר שהמשלוח מופיע כנמסר אבל לא קיבל דבר; נפתחה תלונה מול {courier}.",
        "המוצר שהוחזר נבדק: לא נעשה בו שימוש והאריזה המקורית שלמה. אושר החזר כספי מלא.",
    ],
    "hi": [
        "ग्राहक ने फ़ोन करके बताया कि ऑर्डर डिलीवर दिखा रहा है, लेकिन उन्हें कुछ नहीं मिला; {courier} के पास शिकायत दर्ज की गई।",
        "लौटाया गया सामान जाँचा गया: इस्तेमाल नहीं हुआ है और असली पैकिंग सही है। पूरा रिफ़ंड मंज़ूर।",
    ],
    "th": [
        "ลูกค้าโทรมาแจ้งว่าระบบขึ้นว่าจัดส่งสำเร็จแล้ว แต่ยังไม่ได้รับพัสดุ ได้เปิดเรื่องร้องเรียนกับ {courier} แล้ว",
        "ตรวจสอบสินค้าที่ส่งคืนแล้ว ยังไม่ผ่านการใช้งานและบรรจุภัณฑ์เดิมอยู่ในสภาพดี อนุมัติคืนเงินเต็มจำนวน",
    ],
    "zh": [
        "客户来电称物流显示已签收，但本人并未收到包裹，已向{courier}提交查件申请。",
        "退回商品已检查：未使用，原包装完好，同意全额退款。",
    ],
    "ja": [
        "配達完了と表示されているが商品が届いていないとのお問い合わせ。{courier}に調査を依頼済み。",
        "返品された商品を確認しました。未使用で外箱にも傷みがないため、全額返金で対応します。",
    ],
    "ko": [
        "배송 완료로 표시되지만 상품을 받지 못했다는 문의가 있어 {courier}에 조사를 요청했습니다.",
        "반품된 상품을 확인했습니다. 미사용 상태이며 원래 포장도 그대로여서 전액 환불 처리합니다.",
    ],
}
for _lang, _extra in EXTRA_NOTES.items():
    L[_lang]["notes"] = L[_lang]["notes"] + _extra

# Business customers: "{name}, {company}" (or the local order of the two).
COMPANIES = {
    "en": ["Northwind Traders Ltd.", "Blue Harbor Consulting LLC", "Greenfield Dental Practice",
           "Riverside Primary School", "Summit Outdoor Co."],
    "fr": ["Boulangerie Lefèvre SARL", "Cabinet Dubois & Associés", "Atelier Mercier"],
    "de": ["Müller & Söhne GmbH", "Bäckerei Schäfer KG", "Ingenieurbüro Krüger"],
    "es": ["Talleres Núñez S.L.", "Distribuciones Ibáñez S.A.", "Clínica Dental Sol"],
    "pt": ["Padaria Silva Ltda.", "Oliveira & Filhos Comércio Ltda."],
    "it": ["Rossi & Figli S.r.l.", "Studio Legale Bianchi"],
    "pl": ["Nowak Sp. z o.o.", "Piekarnia Wójcik"],
    "sv": ["Lindström Bygg AB", "Sjöberg Design AB"],
    "tr": ["Yılmaz Tekstil A.Ş.", "Öztürk Gıda Ltd. Şti."],
    "vi": ["Công ty TNHH Minh Phát", "Công ty Cổ phần Sao Việt"],
    "ru": ["ООО «Север»", "ИП Кузнецов"],
    "el": ["Παπαδόπουλος Α.Ε."],
    "ar": ["شركة النجار للتجارة", "مؤسسة الخطيب للمقاولات"],
    "he": ["א.ב. כהן בע״מ", "לוי שיווק והפצה"],
    "hi": ["शर्मा ट्रेडर्स प्रा. लि.", "गुप्ता इलेक्ट्रॉनिक्स"],
    "th": ["บริษัท สยามเทรดดิ้ง จำกัด", "ห้างหุ้นส่วนจำกัด ทองคำการช่าง"],
    "zh": ["上海星辰贸易有限公司", "深圳市华创科技有限公司"],
    "ja": ["株式会社山田商事", "有限会社田中製作所"],
    "ko": ["(주)한빛소프트", "주식회사 서울상사"],
}
COMPANY_FMT = {"zh": "{company} {name}", "ja": "{company} {name} 様", "ko": "{company} {name}",
               "th": "{company} (คุณ{name})", "ru": "{company}, {name}"}

# Shipping addresses: street names and address formats per language.
# Slots: {n} house number, {apt} flat/unit/small number, {room} room number
# ("1203"), {bldg} building number (Korean apartment blocks), {street}, {city}, {zip} (postal
# code from the "zip" pattern, '#' = digit).  "places" (zh/ja/ko) are whole
# city + district + street prefixes, used instead of {city} {street}.
ADDR = {
    "en": dict(streets=["Maple Avenue", "High Street", "Oak Lane", "Baker Street", "Elm Street",
                        "Harbour Road", "Queen Street West", "Sunset Boulevard", "Church Road",
                        "Park Avenue South", "Victoria Road", "Mill Lane", "Lakeshore Drive"],
               fmt=["{n} {street}, {city} {zip}", "{n} {street}, Apt {apt}, {city} {zip}",
                    "Flat {apt}, {n} {street}, {city} {zip}", "Suite {n}0, {n} {street}, {city}"],
               zip={"New York": "NY 100##", "London": "SW1A #AA", "Toronto": "ON M5V #A#",
                    "Sydney": "NSW 2000", "Chicago": "IL 606##", "San Francisco": "CA 941##",
                    "Manchester": "M1 #AB", "Dublin": "D0# X#Y#", "Austin": "TX 787##",
                    "Seattle": "WA 981##", "Melbourne": "VIC 3000", "Auckland": "10##",
                    "Vancouver": "BC V6B #A#", "Boston": "MA 021##", "Edinburgh": "EH1 #QS",
                    "Cape Town": "80##", "Singapore": "0#####", "Denver": "CO 802##",
                    "Los Angeles": "CA 900##", "Brisbane": "QLD 4000", "Leeds": "LS1 #AB",
                    "Cork": "T12 X#Y#", "Portland": "OR 972##", "Nashville": "TN 372##"}),
    "fr": dict(streets=["rue de la République", "avenue Jean-Jaurès", "boulevard Haussmann",
                        "rue des Lilas", "place Bellecour", "rue Émile-Zola", "quai des Chartrons",
                        "rue du Faubourg-Saint-Antoine"],
               fmt=["{n} {street}, {zip} {city}", "{n} bis {street}, {zip} {city}",
                    "{n} {street}, appartement {apt}, {zip} {city}"], zip="#####"),
    "de": dict(streets=["Hauptstraße", "Bahnhofstraße", "Goethestraße", "Schillerplatz",
                        "Lindenallee", "Am Marktplatz", "Mühlenweg", "Königsallee",
                        "Friedrich-Ebert-Straße"],
               fmt=["{street} {n}, {zip} {city}", "{street} {n}a, {zip} {city}",
                    "{street} {n}, Hinterhaus, {zip} {city}"], zip="#####"),
    "es": dict(streets=["Calle Mayor", "Avenida de la Constitución", "Calle de Alcalá",
                        "Paseo de Gracia", "Plaza de España", "Calle Real", "Carrera 7"],
               fmt=["{street}, {n}, {zip} {city}", "{street}, {n}, {apt}.º B, {zip} {city}"],
               zip="#####"),
    "pt": dict(streets=["Rua Augusta", "Avenida Paulista", "Rua das Flores",
                        "Avenida da Liberdade", "Rua do Comércio", "Travessa São João"],
               fmt=["{street}, {n}, {zip} {city}", "{street}, {n} – apto {apt}, {zip} {city}"],
               zip="#####-###"),
    "it": dict(streets=["Via Roma", "Corso Vittorio Emanuele II", "Via Garibaldi",
                        "Piazza del Duomo", "Via dei Mille", "Viale della Libertà"],
               fmt=["{street} {n}, {zip} {city}", "{street} {n}, interno {apt}, {zip} {city}"],
               zip="#####"),
    "pl": dict(streets=["ul. Marszałkowska", "ul. Długa", "ul. Piotrkowska",
                        "ul. Świętokrzyska", "ul. Mickiewicza", "al. Jerozolimskie"],
               fmt=["{street} {n}, {zip} {city}", "{street} {n}/{apt}, {zip} {city}"],
               zip="##-###"),
    "sv": dict(streets=["Storgatan", "Drottninggatan", "Kungsgatan", "Vasagatan",
                        "Östra Hamngatan", "Järnvägsgatan"],
               fmt=["{street} {n}, {zip} {city}", "{street} {n}, lgh {room}, {zip} {city}"],
               zip="### ##"),
    "tr": dict(streets=["Atatürk Caddesi", "İstiklal Caddesi", "Gül Sokak", "Bağdat Caddesi",
                        "Menekşe Sokak", "Cumhuriyet Bulvarı"],
               fmt=["{street} No:{n} D:{apt}, {zip} {city}", "{street} No:{n}, {zip} {city}"],
               zip="#####"),
    "vi": dict(streets=["Nguyễn Huệ", "Lê Lợi", "Trần Hưng Đạo", "Hai Bà Trưng",
                        "Điện Biên Phủ", "Phố Huế"],
               fmt=["Số {n} {street}, {city}", "{n} {street}, Phường {apt}, {city}"], zip=""),
    "ru": dict(streets=["ул. Ленина", "ул. Тверская", "ул. Пушкина", "ул. Садовая",
                        "пр-т Мира", "ул. Гагарина"],
               fmt=["{zip}, {city}, {street}, д. {n}, кв. {apt}", "{city}, {street}, д. {n}"],
               zip="######"),
    "el": dict(streets=["Ερμού", "Πανεπιστημίου", "Εγνατία", "Τσιμισκή", "Αγίου Νικολάου"],
               fmt=["{street} {n}, {zip} {city}"], zip="### ##"),
    "ar": dict(streets=["شارع الملك فهد", "شارع التحلية", "شارع جامعة الدول العربية",
                        "شارع الحمراء", "طريق الشيخ زايد", "شارع الرينبو"],
               fmt=["{street}، مبنى {n}، {city}", "{city}، {street}، شقة {apt}",
                    "{street} {n}، {city}، ص.ب. {zip}"], zip="#####"),
    "he": dict(streets=["הרצל", "רוטשילד", "דיזנגוף", "בן יהודה", "יפו", "ז׳בוטינסקי",
                        "שדרות ירושלים"],
               fmt=["{street} {n}, {city}", "{street} {n}, דירה {apt}, {city} {zip}"],
               zip="#######"),
    "hi": dict(streets=["एम. जी. रोड", "गांधी नगर", "सेक्टर 15", "लाजपत नगर", "शिवाजी मार्ग",
                        "नेहरू प्लेस", "सिविल लाइंस"],
               fmt=["मकान नं. {n}, {street}, {city} – {zip}", "फ़्लैट {room}, {street}, {city} {zip}"],
               zip="######"),
    "th": dict(streets=["ถนนสุขุมวิท", "ถนนพหลโยธิน", "ถนนนิมมานเหมินท์", "ถนนเพชรบุรี",
                        "ซอยอารีย์", "ถนนรัชดาภิเษก"],
               fmt=["{n}/{apt} {street} {city} {zip}", "{n} หมู่ {apt} {street} {city} {zip}"],
               zip="#####"),
    "zh": dict(places=["北京市朝阳区建国路", "上海市浦东新区世纪大道", "广州市天河区天河路",
                       "深圳市南山区科技园路", "成都市武侯区人民南路", "杭州市西湖区文三路",
                       "武汉市洪山区珞喻路", "南京市鼓楼区中山路", "西安市雁塔区长安南路",
                       "重庆市渝中区解放碑步行街"],
               fmt=["{place}{n}号", "{place}{n}号{apt}栋{room}室", "{place}{n}号院{apt}号楼"], zip=""),
    "ja": dict(places=["東京都渋谷区神宮前", "大阪府大阪市北区梅田", "京都府京都市中京区河原町",
                       "神奈川県横浜市中区山下町", "愛知県名古屋市中区栄", "北海道札幌市中央区北一条西",
                       "福岡県福岡市博多区博多駅前", "兵庫県神戸市中央区三宮町",
                       "宮城県仙台市青葉区一番町", "広島県広島市中区紙屋町"],
               fmt=["〒{zip} {place}{apt}-{n}-{apt}", "{place}{apt}丁目{n}番{apt}号",
                    "〒{zip} {place}{apt}-{n}-{apt} ハイツ青葉 {room}号室"], zip="###-####"),
    "ko": dict(places=["서울특별시 강남구 테헤란로", "서울특별시 마포구 월드컵북로",
                       "부산광역시 해운대구 해운대로", "인천광역시 연수구 컨벤시아대로",
                       "대구광역시 중구 동성로", "대전광역시 유성구 대학로", "광주광역시 동구 금남로",
                       "경기도 수원시 팔달구 정조로", "제주특별자치도 제주시 중앙로"],
               fmt=["{place} {n}", "{place} {n}, {bldg}동 {room}호"], zip=""),
}

# Items that have no colour variant (matched as substrings of the item name).
NO_COLOUR = {
    "en": ["Tea", "Coffee", "Candle", "Book", "Gift Card", "Espresso", "Knife"],
    "fr": ["Thé", "Café", "Bougie"], "de": ["Grüntee", "Kaffee", "Duftkerze", "Bilderbuch"],
    "es": ["Té ", "Café", "Vela"], "pt": ["Chá", "Café", "Vela"], "it": ["Tè", "Caffè", "Candela"],
    "pl": ["herbata", "Kawa", "Świeca"], "sv": ["te 100", "kaffebönor", "Doftljus"],
    "tr": ["çay", "kahve", "mum"], "vi": ["Trà", "Cà phê", "Nến"], "ru": ["чай", "Кофе", "свеча"],
    "ar": ["شاي", "قهوة", "شمعة", "تمر"], "he": ["תה ", "קפה", "נר "], "hi": ["टी", "कॉफ़ी", "मोमबत्ती"],
    "th": ["ชา", "กาแฟ", "เทียน"], "zh": ["茶", "咖啡", "蜡烛"], "ja": ["茶", "コーヒー", "キャンドル"],
    "ko": ["녹차", "원두", "향초"],
}

# Row language weights (percent).
LANG_WEIGHTS = [
    ("en", 39), ("fr", 4), ("de", 4), ("es", 4), ("pt", 3), ("it", 2.5), ("pl", 2),
    ("sv", 1.5), ("tr", 2), ("vi", 2), ("ru", 3), ("el", 1), ("ar", 6), ("he", 4),
    ("hi", 5), ("th", 4), ("zh", 5), ("ja", 5), ("ko", 4),
]
NON_LATIN = ["ar", "he", "hi", "th", "zh", "ja", "ko", "ru", "el"]

# English-language rows sometimes show a native-script name after a transliteration.
TRANSLIT_NAMES = [
    ("Wang Fang", "王芳"), ("Zhang Wei", "张伟"), ("Chen Jie", "陈杰"),
    ("Sato Kenji", "佐藤健二"), ("Tanaka Yui", "田中結衣"),
    ("Kim Min-jun", "김민준"), ("Park Ji-woo", "박지우"),
    ("Mohammed Al-Ali", "محمد العلي"), ("Layla Haddad", "ليلى حداد"),
    ("Noa Cohen", "נועה כהן"), ("David Levi", "דוד לוי"),
    ("Priya Sharma", "प्रिया शर्मा"), ("Rahul Gupta", "राहुल गुप्ता"),
    ("Somchai Jaidee", "สมชาย ใจดี"), ("Olga Ivanova", "Ольга Иванова"),
    ("Eleni Georgiou", "Ελένη Γεωργίου"),
]

URL_DOMAINS = ["shop.example.com", "track.parcel-service.example.net",
               "eu-west-1.console.cloudstore.example.org", "portal.northwind-logistics.example.com"]
URL_PATHS = ["orders", "account/invoices", "tracking/shipment", "returns/label/download",
             "api/v2/customers"]
EMAIL_USERS = ["alexandra.konstantinopoulou+invoices", "accounts.payable.department",
               "procurement-team-emea", "jean-baptiste.delacroix-fontaine",
               "noreply-order-confirmation"]
EMAIL_DOMAINS = ["northwind-logistics.example.com", "mail.example-company.co.uk",
                 "finance.contoso-international.example", "example.org"]

# Arabic-Indic / Devanagari / Thai digits.
DIGITS = {"arab": "٠١٢٣٤٥٦٧٨٩", "deva": "०१२३४५६७८९", "thai": "๐๑๒๓๔๕๖๗๘๙"}


def to_digits(s, kind):
    if kind is None:
        return s
    d = DIGITS[kind]
    return "".join(d[ord(c) - 48] if "0" <= c <= "9" else c for c in s)


def group3(n, sep):
    s = str(n)
    out = []
    while len(s) > 3:
        out.insert(0, s[-3:])
        s = s[:-3]
    out.insert(0, s)
    return sep.join(out)


def group_indian(n):
    s = str(n)
    if len(s) <= 3:
        return s
    head, tail = s[:-3], s[-3:]
    parts = []
    while len(head) > 2:
        parts.insert(0, head[-2:])
        head = head[:-2]
    if head:
        parts.insert(0, head)
    return ",".join(parts) + "," + tail


class Gen:
    def __init__(self, seed):
        self.r = random.Random(seed)
        self.base = datetime.datetime(2024, 1, 1, 0, 0)

    # -- small helpers -------------------------------------------------------
    def ch(self, seq):
        return self.r.choice(seq)

    def p(self, prob):
        return self.r.random() < prob

    def pattern(self, pat):
        # '#' -> digit, 'A' stays (patterns only use '#' as placeholder)
        return "".join(str(self.r.randrange(10)) if c == "#" else c for c in pat)

    def emoji(self):
        k = self.r.random()
        if k < 0.40:
            return self.ch(EMOJI_SIMPLE)
        if k < 0.62:
            return self.ch(EMOJI_SKIN)
        if k < 0.82:
            return self.ch(EMOJI_ZWJ)
        if k < 0.93:
            return self.ch(EMOJI_FLAGS)
        if k < 0.97:
            return self.ch(EMOJI_TAG_FLAGS)
        return self.ch(EMOJI_KEYCAPS)

    # -- column values -------------------------------------------------------
    def person(self, lang):
        d = L[lang]
        fmt = d["name_fmt"]
        if fmt == "western":
            return f"{self.ch(d['given'])} {self.ch(d['family'])}"
        if fmt == "spanish":
            a = self.ch(d["family"])
            b = self.ch([f for f in d["family"] if f != a])
            return f"{self.ch(d['given'])} {a} {b}"
        if fmt == "vietnamese":
            return f"{self.ch(d['family'])} {self.ch(d['middle'])} {self.ch(d['given'])}"
        if fmt == "gendered_a":          # Russian: Иванов / Иванова
            if self.p(0.5):
                return f"{self.ch(d['given_m'])} {self.ch(d['family'])}"
            return f"{self.ch(d['given_f'])} {self.ch(d['family'])}а"
        if fmt == "gendered_same":       # Greek genitive surnames don't change
            given = self.ch(d["given_m"] if self.p(0.5) else d["given_f"])
            return f"{given} {self.ch(d['family'])}"
        if fmt == "east_asian":
            return self.ch(d["family"]) + self.ch(d["given"])
        if fmt == "japanese":
            sep = "\u3000" if self.p(0.3) else " "
            return self.ch(d["family"]) + sep + self.ch(d["given"])
        raise ValueError(fmt)

    def given_name(self, lang, full):
        # name used inside notes ("signed by Emma", "คุณสมชาย", "王芳")
        d = L[lang]
        if d["name_fmt"] in ("east_asian", "japanese", "vietnamese", "gendered_a", "gendered_same"):
            return full
        # longest given name the full name starts with ("José Luis", "عبد الله")
        best = [g for g in d["given"] if full.startswith(g + " ")]
        return max(best, key=len) if best else full.split(" ")[0]

    def customer(self, lang):
        if self.p(0.015):
            return ""                                   # guest checkout
        if lang == "en" and self.p(0.05):
            latin, native = self.ch(TRANSLIT_NAMES)
            return f"{latin} ({native})"
        name = self.person(lang)
        if self.p(0.08):
            return COMPANY_FMT.get(lang, "{name}, {company}").format(
                name=name, company=self.ch(COMPANIES[lang]))
        if self.p(0.006):
            name += " " + self.emoji()
        if lang in ("en", "de", "fr") and self.p(0.01):
            name = name.upper()                         # shouty legacy import
        return name

    def address(self, lang):
        if self.p(0.03):
            return ""                                    # digital goods / pickup
        a = ADDR[lang]
        city = self.ch(L[lang]["cities"])
        zpat = a["zip"].get(city, "#####") if isinstance(a["zip"], dict) else a["zip"]
        return self.ch(a["fmt"]).format(
            n=self.r.choice([self.r.randint(1, 40), self.r.randint(1, 400)]),
            apt=self.r.randint(1, 12), room=f"{self.r.randint(1, 25)}{self.r.randint(1, 8):02d}",
            bldg=self.r.randint(101, 115), street=self.ch(a.get("streets", [""])), city=city,
            zip=self.pattern(zpat), place=self.ch(a.get("places", [""])))

    def status(self, lang, si):
        s = L[lang]["statuses"][si]
        if self.p(0.05):
            s = STATUS_EMOJI[si] + " " + s
        return s

    def one_item(self, lang, item):
        d = L[lang]
        fmt = self.ch(d["product_fmt"])
        if any(w in item for w in NO_COLOUR.get(lang, ())):
            fmt = "{item}"                               # no colour variants for tea, candles, ...
        if "{size}" in fmt and not any(w in item for w in ("Shoes", "Shirt", "Jacket", "Sweater", "Raincoat", "Socks")):
            fmt = "{item} – {color}"
        s = fmt.format(item=item, color=self.ch(d["colors"]), size=self.ch(d.get("sizes", ["M"])))
        if self.p(0.2):
            s += f" × {self.r.randint(2, 6)}"
        return s

    def items(self, lang):
        # the order's line items: usually one, sometimes two or three
        d = L[lang]
        n = self.r.choices([1, 2, 3], [60, 28, 12])[0]
        picked = self.r.sample(d["items"], n)
        sep = {"zh": "、", "ja": "、", "ar": "، "}.get(lang, "; ")
        return sep.join(self.one_item(lang, it) for it in picked)

    def amount(self, lang, si):
        if si in (4,) and self.p(0.5):
            return ""                                    # cancelled: no amount
        if self.p(0.01):
            return ""
        usd = round(math.exp(self.r.uniform(1.6, 8.2)), 2)   # ~5 .. ~3600
        cur = L[lang]["currency"]
        def dec(v, sep_t, sep_d):
            cents = int(round(v * 100))
            return group3(cents // 100, sep_t) + sep_d + f"{cents % 100:02d}"
        if cur == "USD":
            if self.p(0.2):
                return "£" + dec(usd * 0.79, ",", ".")
            return "$" + dec(usd, ",", ".")
        if cur == "EUR_FR":
            return dec(usd * 0.92, NNBSP, ",") + NBSP + "€"
        if cur in ("EUR_DE", "EUR_IT"):
            return dec(usd * 0.92, ".", ",") + " €"
        if cur == "EUR_ES":
            return dec(usd * 0.92, ".", ",") + " €"
        if cur == "BRL":
            return "R$" + NBSP + dec(usd * 5.0, ".", ",")
        if cur == "PLN":
            return dec(usd * 4.0, NBSP, ",") + " zł"
        if cur == "SEK":
            return dec(usd * 10.4, NBSP, ",") + " kr"
        if cur == "TRY":
            return "₺" + dec(usd * 32, ".", ",")
        if cur == "VND":
            return group3(int(usd * 25000) // 1000 * 1000, ".") + " ₫"
        if cur == "RUB":
            return dec(usd * 91, NBSP, ",") + NBSP + "₽"
        if cur == "SAR":
            v = dec(usd * 3.75, ",", ".")
            if self.p(0.4):
                v = to_digits(dec(usd * 3.75, "٬", "٫"), "arab")
                return v + " ر.س."
            return self.ch(["", "SAR "]) + v + ("" if self.r.random() < 0.5 else " ر.س.")
        if cur == "ILS":
            v = "₪" + dec(usd * 3.7, ",", ".")
            return (RLM + v) if self.p(0.2) else v
        if cur == "INR":
            cents = int(round(usd * 83 * 100))
            v = "₹" + group_indian(cents // 100) + f".{cents % 100:02d}"
            return to_digits(v, "deva") if self.p(0.05) else v
        if cur == "THB":
            v = dec(usd * 36, ",", ".")
            return ("฿" + v) if self.p(0.6) else (v + " บาท")
        if cur == "CNY":
            return self.ch(["¥", "￥"]) + dec(usd * 7.2, ",", ".")
        if cur == "JPY":
            v = group3(int(usd * 150), ",")
            return ("¥" + v) if self.p(0.5) else (v + "円")
        if cur == "KRW":
            v = group3(int(usd * 1330) // 100 * 100, ",")
            return ("₩" + v) if self.p(0.5) else (v + "원")
        raise ValueError(cur)

    def when(self):
        return self.base + datetime.timedelta(minutes=self.r.randrange(0, 366 * 24 * 60))

    def note_date(self, lang, digits=None):
        d = L[lang]
        t = self.when()
        s = d["date_fmt"].format(
            d=t.day, m=t.month, y=t.year, by=t.year + 543,
            mon=d["months"][t.month - 1] if d["months"] else "")
        return to_digits(s, digits)

    def updated(self, lang):
        t = self.when()
        if self.p(0.85):
            return t.strftime("%Y-%m-%d %H:%M")
        hm = f"{t.hour:02d}:{t.minute:02d}"
        if lang == "en":
            h12 = t.hour % 12 or 12
            ap = "AM" if t.hour < 12 else "PM"
            return f"{L['en']['months'][t.month - 1]} {t.day}, {t.year}, {h12}:{t.minute:02d} {ap}"
        if lang in ("de", "ru", "pl", "tr"):
            return f"{t.day:02d}.{t.month:02d}.{t.year}, {hm}"
        if lang in ("zh",):
            return f"{t.year}年{t.month}月{t.day}日 {hm}"
        if lang == "ja":
            return f"{t.year}/{t.month:02d}/{t.day:02d} {hm}"
        if lang == "ko":
            ap = "오전" if t.hour < 12 else "오후"
            return f"{t.year}. {t.month}. {t.day}. {ap} {t.hour % 12 or 12}:{t.minute:02d}"
        if lang == "th":
            return f"{t.day}/{t.month}/{t.year + 543} {hm}"
        if lang == "hi":
            return f"{t.day}/{t.month}/{t.year}, {hm}"
        if lang == "he":
            return f"{t.day}.{t.month}.{t.year}, {hm}"
        return f"{t.day:02d}/{t.month:02d}/{t.year} {hm}"

    # -- notes ---------------------------------------------------------------
    def slots(self, lang, name):
        d = L[lang]
        digits = None
        if lang == "ar" and self.p(0.3):
            digits = "arab"
        elif lang == "hi" and self.p(0.1):
            digits = "deva"
        nn = self.r.randint(2, 9)
        foreign = self.ch(NON_LATIN)
        return dict(
            name=self.given_name(lang, name or self.person(lang)),
            n=to_digits(str(nn), digits),
            m=to_digits(str(nn + self.r.randint(1, 4)), digits),
            time=to_digits(str(self.r.choice([5, 6, 7, 8]) if lang in ("ar", "hi", "en")
                                else self.r.choice([17, 18, 19])), digits),
            date=self.note_date(lang, digits),
            order=to_digits(f"#{self.r.randint(10000, 99999)}", digits),
            courier=self.ch(d["couriers"]),
            tracking=self.tracking(),
            city=self.ch(d["cities"]),
            product=self.ch(d["items"]),
            vat=self.pattern(d["vat"]),
            code=f"{self.ch(d['code_words'])}{self.r.choice([10, 15, 20, 24, 25, 30])}",
            foreign_name=self.person(foreign),
            foreign_city=self.ch(L[foreign]["cities"]),
        )

    def tracking(self):
        k = self.r.randrange(4)
        if k == 0:
            return "1Z" + "".join(self.ch("0123456789ABCDEFGHJKLMNPRSTUVWXYZ") for _ in range(16))
        if k == 1:
            return "JD" + "".join(str(self.r.randrange(10)) for _ in range(16))
        if k == 2:
            return "".join(self.ch("ABCDEFGHJKLMNPRSTUVWXYZ") for _ in range(2)) + \
                "".join(str(self.r.randrange(10)) for _ in range(9)) + self.ch(["CN", "DE", "TH", "GB"])
        return "".join(str(self.r.randrange(10)) for _ in range(12))

    def sentence(self, lang, name):
        return self.ch(L[lang]["notes"]).format(**self.slots(lang, name))

    def joiner(self, lang):
        return "" if lang in ("zh", "ja") else " "

    def long_token(self, row_id):
        h = hashlib.sha256(f"{SEED}-{row_id}".encode()).hexdigest()
        k = self.r.randrange(5)
        if k == 0:
            return "url", (f"https://{self.ch(URL_DOMAINS)}/{self.ch(URL_PATHS)}/{h[:32]}"
                           f"?utm_source=newsletter&utm_medium=email&utm_campaign=spring_sale_2024"
                           f"&ref={h[32:48]}&session={h[48:]}")
        if k == 1:
            return "hash", h
        if k == 2:
            return "email", f"{self.ch(EMAIL_USERS)}@{self.ch(EMAIL_DOMAINS)}"
        if k == 3:
            hdr = base64.urlsafe_b64encode(b'{"alg":"HS256","typ":"JWT"}').rstrip(b"=").decode()
            body = base64.urlsafe_b64encode(json.dumps(
                {"sub": row_id, "scope": "orders:read invoices:read", "iat": 1710000000 + self.r.randrange(10 ** 7)},
                separators=(",", ":")).encode()).rstrip(b"=").decode()
            sig = base64.urlsafe_b64encode(hashlib.sha256(h.encode()).digest()).rstrip(b"=").decode()
            return "jwt", f"{hdr}.{body}.{sig}"
        return "url", f"https://{self.ch(URL_DOMAINS)}/tracking/shipment/{self.tracking()}?lang=auto&format=html&utm_content={h[:24]}"

    def notes(self, lang, name, row_id):
        d = L[lang]
        k = self.r.random()
        if k < 0.09:
            return ""
        if k < 0.14:                                      # long paragraph, 300-1000 bytes
            prefix, suffix = "", ""
            if lang == "en" and self.p(0.5):
                prefix, suffix = "Customer wrote: \"", "\""
            limit = 1000 - len((prefix + suffix).encode())
            target = min(self.r.randint(300, 950), limit)
            if prefix:
                pool = list(d["reviews"])                  # the customer's own words
            else:
                pool = list(d["notes"]) + list(d["reviews"])
            self.r.shuffle(pool)
            parts, size = [], 0
            j = self.joiner(lang)
            for tmpl in pool:
                s = tmpl.format(**self.slots(lang, name))
                add = len(((j if parts else "") + s).encode())
                if size + add > limit:
                    continue
                parts.append(s)
                size += add
                if size >= target:
                    break
            return prefix + j.join(parts) + suffix
        if k < 0.16:                                       # embedded newlines
            n = self.r.randint(2, 4)
            lines = [self.sentence(lang, name) for _ in range(n)]
            if self.p(0.3):
                lines = ["- " + x for x in lines]
            sep = "\n\n" if self.p(0.25) else "\n"
            return sep.join(lines)
        if k < 0.195:                                      # long unbroken token
            kind, tok = self.long_token(row_id)
            if self.p(0.25):
                return tok
            label = {"url": d["link_label"], "hash": d["hash_label"],
                     "email": d["email_label"], "jwt": "API token:"}[kind]
            return f"{label} {tok}"
        if k < 0.215 and lang != "en":                     # English note in a non-English row
            return self.sentence("en", None)
        # ordinary note: one to three sentences, sometimes an emoji
        if self.p(0.3):                                    # customer feedback, copied in
            n = self.r.choices([1, 2], [40, 60])[0]
            text = self.joiner(lang).join(self.r.sample(d["reviews"], n))
            if lang == "en" and self.p(0.4):
                text = "Customer feedback: " + text
            if self.p(0.12):
                text += " " + self.emoji()
            return text
        n = self.r.choices([1, 2, 3], [20, 40, 40])[0]
        text = self.joiner(lang).join(
            t.format(**self.slots(lang, name)) for t in self.r.sample(d["notes"], n))
        if lang == "en" and self.p(0.2):                   # support-log style prefix
            t = self.when()
            text = f"{t.month:02d}/{t.day:02d} {self.ch('ABCDEFGHJKLMNPRSTW')}{self.ch('ABCDEFGHJKLMNPRSTW')}: " + text
        if self.p(0.08):
            text += " " + self.emoji()
        elif self.p(0.01):
            text = self.emoji() * self.r.randint(1, 3)
        return text

    def row(self, i):
        lang = self.r.choices([l for l, _ in LANG_WEIGHTS], [w for _, w in LANG_WEIGHTS])[0]
        si = self.r.choices(range(8), STATUS_WEIGHTS)[0]
        row_id = f"ORD-{100001 + i}"
        name = self.customer(lang)
        plain_name = name.split(" (")[0]       # drop "(王芳)" after a transliteration
        return lang, [
            row_id,
            name,
            self.address(lang),
            self.status(lang, si),
            self.items(lang),
            self.notes(lang, plain_name, row_id),
            self.amount(lang, si),
            self.updated(lang),
        ]


def csv_field(s):
    if any(c in s for c in ',"\r\n'):
        return '"' + s.replace('"', '""') + '"'
    return s


# --- summary ---------------------------------------------------------------

SCRIPT_RANGES = [
    (0x0041, 0x005A, "Latin"), (0x0061, 0x007A, "Latin"), (0x00C0, 0x024F, "Latin"),
    (0x1E00, 0x1EFF, "Latin"), (0x0370, 0x03FF, "Greek"), (0x1F00, 0x1FFF, "Greek"),
    (0x0400, 0x04FF, "Cyrillic"), (0x0590, 0x05FF, "Hebrew"), (0x0600, 0x06FF, "Arabic"),
    (0x0900, 0x097F, "Devanagari"), (0x0E00, 0x0E7F, "Thai"), (0x1100, 0x11FF, "Hangul"),
    (0x3040, 0x30FF, "Kana"), (0x3400, 0x4DBF, "Han"), (0x4E00, 0x9FFF, "Han"),
    (0xAC00, 0xD7AF, "Hangul"), (0x1F000, 0x1FAFF, "Emoji"), (0x2600, 0x27BF, "Emoji"),
    (0x2300, 0x23FF, "Emoji"), (0xE0020, 0xE007F, "Emoji"),
]


def script_of(c):
    o = ord(c)
    for a, b, s in SCRIPT_RANGES:
        if a <= o <= b:
            return s
    return None


def summarize(path, rows, lang_counts):
    ncols = len(HEADER)
    data = rows
    cells = [c for r in data for c in r]
    total_bytes = sum(len(c.encode()) for c in cells)
    nonempty = [c for c in cells if c]
    char_scripts = Counter()
    cell_scripts = Counter()
    mixed = emoji_cells = nl_cells = long_cells = token_cells = 0
    for c in nonempty:
        cnt = Counter(s for s in map(script_of, c) if s)
        char_scripts.update(cnt)
        letters = {s for s in cnt if s != "Emoji"}
        if cnt:
            cell_scripts[cnt.most_common(1)[0][0]] += 1
        if len(letters - {"Han", "Kana"}) + (1 if letters & {"Han", "Kana"} else 0) >= 2:
            mixed += 1
        if cnt.get("Emoji"):
            emoji_cells += 1
        if "\n" in c:
            nl_cells += 1
        if len(c.encode()) >= 300:
            long_cells += 1
        if any(len(w) >= 40 and w.isascii() for w in c.split()):
            token_cells += 1
    size = os.path.getsize(path)
    with open(path, "rb") as f:
        digest = hashlib.sha256(f.read()).hexdigest()
    print(f"wrote {path}")
    print(f"  {size:,} bytes, sha256 {digest[:16]}…")
    print(f"  rows: {len(data):,} data rows + 1 header, {ncols} columns: {', '.join(HEADER)}")
    print(f"  cells: {len(cells):,} ({len(cells) - len(nonempty):,} empty)")
    print(f"  avg UTF-8 bytes per cell: {total_bytes / len(cells):.1f} over all cells, "
          f"{total_bytes / len(nonempty):.1f} over non-empty; max {max(len(c.encode()) for c in cells)}")
    per_col = [sum(len(r[j].encode()) for r in data) / len(data) for j in range(ncols)]
    print("  avg bytes per column: " + ", ".join(f"{h} {v:.1f}" for h, v in zip(HEADER, per_col)))
    print("  rows per language: " + ", ".join(f"{l} {lang_counts[l] / len(data):.1%}"
                                              for l, _ in LANG_WEIGHTS))
    tot = sum(char_scripts.values())
    print("  share of script characters: " + ", ".join(
        f"{s} {n / tot:.1%}" for s, n in char_scripts.most_common()))
    no_letters = len(nonempty) - sum(cell_scripts.values())
    print("  non-empty cells by dominant script: " + ", ".join(
        f"{s} {n / len(nonempty):.1%}" for s, n in cell_scripts.most_common())
        + f", no letters (numbers, dates, amounts) {no_letters / len(nonempty):.1%}")
    print(f"  cells with emoji {emoji_cells}, with newlines {nl_cells}, >= 300 bytes {long_cells}, "
          f"mixed-script {mixed}, with an ASCII token >= 40 chars (URL, hash, e-mail, JWT) {token_cells}")


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, "sample.csv")
    g = Gen(SEED)
    rows, langs = [], Counter()
    for i in range(ROWS):
        lang, r = g.row(i)
        langs[lang] += 1
        rows.append(r)
    with open(out, "w", encoding="utf-8", newline="") as f:
        f.write(",".join(csv_field(h) for h in HEADER) + "\n")
        for r in rows:
            f.write(",".join(csv_field(c) for c in r) + "\n")
    summarize(out, rows, langs)


if __name__ == "__main__":
    main()
