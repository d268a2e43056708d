/** Texts people bring to a magic import, as tests read them. */
export const NORWEGIAN_EMAIL = `Hei Ola,

Takk for sist! Her er tilbudet vi snakket om:

1. Domaine Tissot - Arbois Chardonnay 2020, 6 x 75 cl, kr 289,90
2. Barolo Riserva, Tenuta Montanello 2016 – 12 stk à kr 459,-  Varenr. 1234567
3. Champagne Brut NV Magnum 2 fl. kr 1 299,00
4. Chablis Premier Cru Vaillons
   6 x 75 cl  kr 349,90

Frakt kr 500,-
Totalt kr 12 345,00

Med vennlig hilsen
Kari Nordmann
Vinimport AS
Storgata 1, 0150 Oslo
Tlf 22 33 44 55`;

export const MENU = `VINKART

Musserende
Crémant de Bourgogne, Domaine Dupont NV ........ 125 / 650
Champagne Bollinger Special Cuvée NV ..... 1 150

Hvitvin
Riesling Trocken, Weingut Keller 2021 ..... 145 / 720
Chablis 1er Cru 2020   890
Frisk og mineralsk, med toner av sitrus.

Rødvin
Barolo, Giacomo Conterno 2016 ........ 2 450
Etna Rosso 2019 .......... 135/640`;

export const WEB_SHOP = `Home > Wines > Red
Château Musar 2015
Red wine, Lebanon
75cl
£32.50
Add to basket
In stock

Cloudy Bay Sauvignon Blanc 2023
White wine, New Zealand
750ml
£24.99
Add to basket

Showing 1-2 of 2 results`;

export const OCR_RECEIPT = `VINMONOPOLET
Kvittering 12.03.2024 14:32
Chateau Ste Michelle Riesling 2021 75 cl    149,90
B@r0l0 ~~ 2O1G  #!!  45O,-
Moscato d'Asti 2022 37,5 cl 129,90
||| ... :: 2019 :: ...
Sum 279,80
Kort: **** 1234`;

export const ENGLISH_OFFER = `Dear Sir,
Please find our offer below:
- Domaine Leflaive Puligny-Montrachet 2019 x 6 @ € 85.00
- Bodegas Muga, Rioja Reserva 2018 (12 x 75cl) EUR 18.50
- Quinta do Noval 10 Year Old Tawny Port, 75 cl, qty: 3, €24.50
Our 2018 vintage reports are attached for your reference, see the price list 2024.
Best regards,
John`;

export const ORDER_CONFIRMATION = `Ordrebekreftelse
Vnr 123456  Alain Graillot Crozes-Hermitage 2021  0,75 l  Antall: 6  kr 329,90
Varenr. 7654321 Gaja Barbaresco 2019 1,5 L 1 stk kr 4 990,00
Produsent: Clos Rougeard
Saumur Champigny Le Bourg 2017 x 2 kr 1.450
Hvitvin
Sancerre 2022, 6 flasker, 289,-`;
