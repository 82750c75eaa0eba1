import type { LegalText } from './legal-text';

/** The terms of service in Kiswahili (docs/glossary.md), section for section the English ones. */
export const terms: LegalText = {
  sections: [
    {
      title: 'Kukubali masharti haya',
      paragraphs: [
        'Masharti haya ni makubaliano kati yako na PlayOn (“PlayOn”, “sisi”) na yanatumika kila unapotumia programu ya PlayOn: michezo yake, mashindano, pochi, vifurushi, vyumba vya gumzo na arifa. Kwa kufungua akaunti au kutumia PlayOn unakubali masharti haya na Sera yetu ya Faragha. Ikiwa huyakubali, tafadhali usitumie PlayOn.',
      ],
    },
    {
      title: 'Wanaoruhusiwa',
      paragraphs: [
        'Lazima uwe na umri wa miaka 18 au zaidi ili kutumia PlayOn, na lazima uishi Kenya. Kwa kutumia PlayOn unathibitisha kuwa unatimiza masharti yote mawili. Tunaweza kukuomba uthibitishe umri au utambulisho wako, na tutafunga akaunti zisizotimiza masharti haya.',
      ],
    },
    {
      title: 'Akaunti yako na usalama wake',
      paragraphs: [
        'Unaruhusiwa kuwa na akaunti moja tu. Unaingia kwa Google, Facebook, au barua pepe na nenosiri, na lazima ujaze wasifu wako kwa maelezo ya kweli na ya sasa: jina lako, jina la mtumiaji, barua pepe, tarehe ya kuzaliwa, jinsia na nambari ya simu.',
        'Weka nenosiri lako na maelezo yako ya kuingia siri. Unawajibika kwa kila kinachofanywa kupitia akaunti yako. Ukidhani mtu mwingine ameitumia, badilisha nenosiri lako na uwasiliane nasi mara moja. Usiuze, usiazime wala usimpe mtu mwingine akaunti yako.',
      ],
    },
    {
      title: 'Pochi yako',
      paragraphs: [
        'Pochi yako ina salio kwa shilingi za Kenya (kes). Si akaunti ya benki na haipati riba. Unaweza kuweka pesa kwa M-Pesa au kadi, na kuitumia kununua vifurushi na kumwongezea rafiki pesa.',
        'Unaweza kutoa salio lako kwenda nambari ya M-Pesa. Ada ya kutoa pesa inaweza kutozwa: inaonyeshwa kwenye skrini ya kukagua, pamoja na jumla, kabla hujathibitisha. Kutoa pesa kunakamilika M-Pesa inapothibitisha malipo. Malipo yakishindikana, kiasi hurudishwa kwenye pochi yako.',
        'Kumwongezea rafiki hutuma pesa kutoka kwako kwenda kwenye pochi ya mchezaji mwingine. Hakikisha jina la mtumiaji la rafiki yako kabla ya kuthibitisha: pesa uliyomwongezea rafiki ni yake, haiwezi kurudishwa.',
        'Ikiwa pesa imekatwa lakini pochi yako haijabadilika, wasiliana nasi ukiwa na kumbukumbu ya M-Pesa au ya kadi na tutalifuatilia. Tunaweza kuzuia au kurudisha salio lolote lililotokana na hitilafu ya malipo, ulaghai au kuvunja masharti haya.',
      ],
    },
    {
      title: 'Vifurushi',
      paragraphs: [
        'Vifurushi ni vya kila siku, vya viwango vya Bronze, Silver, Gold na Platinum, kila kimoja na bei yake kwa siku kwa kes. Kifurushi kinadumu saa 24 tangu kinapoanza. Ukinunua kifurushi ambacho bado unacho, kinaongezewa saa 24 nyingine. Kifurushi tofauti hakiongezi wala hakichukui nafasi ya kile ulicho nacho: kinaanza unapolipa na kwenda sambamba nacho kwa saa zake 24.',
        'Unaweza kulipia kifurushi kwa M-Pesa, kadi au pochi yako. Kulipa kwa salio la simu (airtime) la Safaricom kunawezekana kwa kifurushi cha Bronze pekee; bei hukatwa moja kwa moja kutoka kwenye salio lako la simu la Safaricom. Vifurushi havijirudii vyenyewe, na kifurushi hakiwezi kughairiwa wala pesa yake kurudishwa kikishaanza, isipokuwa pale sheria inapotaka.',
      ],
    },
    {
      title: 'Mashindano na zawadi',
      paragraphs: [
        'Kila shindano linaonyesha muda wake, sheria zake na zawadi zake. Cheza kwa haki: usitumie roboti (bots), programu za kujiendesha, mbinu za udanganyifu au watu wengine kukuchezea, usitumie hitilafu kujinufaisha, na usibadilishe, usifungue msimbo (decompile) wala kuchezea mchezo au alama unazotuma. Alama kutoka kwa mchezo uliochezewa, au zilizopatikana kwa njia yoyote kati ya hizi, ni batili, na tunaweza kuziondoa kwenye misimamo.',
        'Zawadi hutolewa kama vifurushi, kulingana na msimamo wa mwisho mashindano yanapoisha. Zawadi haziwezi kubadilishwa kuwa pesa taslimu wala kupewa mchezaji mwingine. Tunaweza kukagua matokeo kabla ya kutoa zawadi, na kuzuia zawadi iliyoshindwa kwa kuvunja masharti haya.',
      ],
    },
    {
      title: 'Tabia kwenye gumzo',
      paragraphs: [
        'Kuwa na heshima kwenye vyumba vya gumzo. Usitume jumbe, picha au faili za matusi, vitisho, chuki, ngono, zisizo halali au za kupotosha; usiwasumbue wachezaji wengine, usitume jumbe taka (spam) au matangazo, usitoe maelezo binafsi ya watu wengine, wala usijifanye kuwa mtu mwingine.',
        'Unawajibika kwa unachotuma. Tunaweza kuondoa jumbe na kuzuia au kufunga akaunti za wachezaji wanaovunja sheria hizi.',
      ],
    },
    {
      title: 'Haki miliki',
      paragraphs: [
        'PlayOn, jina lake, nembo, programu na maudhui yake, na michezo iliyomo ni mali ya PlayOn au ya wanaotupa leseni. Tunakupa haki binafsi, isiyohamishika, ya kuvitumia kucheza kwenye PlayOn. Huruhusiwi kuvinakili, kuviuza, kuvibadilisha wala kuvisambaza.',
        'Jumbe na picha unazotuma zinabaki kuwa zako, na unaturuhusu kuzihifadhi na kuzionyesha kwa wachezaji wengine kama sehemu ya huduma.',
      ],
    },
    {
      title: 'Kusimamisha na kufunga akaunti',
      paragraphs: [
        'Unaweza kuacha kutumia PlayOn wakati wowote na kutuomba tufute akaunti yako. Kufuta akaunti yako ni kwa kudumu: salio la pochi yako na maelezo yako binafsi yatapotea, kwa hiyo toa salio lolote kwanza.',
        'Tunaweza kusimamisha au kufunga akaunti yako ukivunja masharti haya, ukidanganya, ukifanya ulaghai, au sheria ikitaka hivyo. Pale sheria inaporuhusu, tunaweza kuzuia salio lolote linalohusiana na ulaghai au udanganyifu tunapochunguza.',
      ],
    },
    {
      title: 'Kikomo cha dhima',
      paragraphs: [
        'Tunajitahidi PlayOn ipatikane na iwe sahihi, lakini tunaitoa “kama ilivyo” na hatuwezi kuahidi kuwa haitakuwa na hitilafu au kukatika kamwe, kwa mfano mtandao wa simu au mtoa huduma wa malipo akiwa na tatizo.',
        'Kwa kiwango sheria inachoruhusu, PlayOn haiwajibiki kwa hasara zisizo za moja kwa moja au zinazofuata, na dhima yetu yote kwako haizidi kiasi ulicholipa PlayOn katika siku 30 kabla ya dai. Hakuna kitu katika masharti haya kinachopunguza haki yoyote uliyo nayo chini ya sheria ya Kenya ya kulinda watumiaji.',
      ],
    },
    {
      title: 'Sheria inayotumika',
      paragraphs: [
        'Masharti haya yanaongozwa na sheria za Kenya. Mzozo ukitokea, tafadhali wasiliana nasi kwanza ili tujaribu kuutatua. Mzozo wowote tusioweza kutatua pamoja utaamuliwa na mahakama za Kenya.',
      ],
    },
    {
      title: 'Mabadiliko ya masharti haya',
      paragraphs: [
        'Tunaweza kubadilisha masharti haya huduma yetu au sheria inapobadilika. Mabadiliko yakiwa makubwa, tutakujulisha kwenye programu au kwa barua pepe kabla hayajaanza kutumika. Ukiendelea kutumia PlayOn baada ya hapo, unakubali masharti yaliyobadilishwa.',
      ],
    },
    {
      title: 'Wasiliana nasi',
      paragraphs: [
        'Kwa swali lolote kuhusu masharti haya, tuandikie kwenye barua pepe ya huduma kwa wateja iliyo kwenye ukurasa wa Wasiliana nasi kwenye programu, au tutumie ujumbe kupitia fomu ya Wasiliana nasi.',
      ],
    },
  ],
};
