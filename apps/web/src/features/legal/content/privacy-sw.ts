import type { LegalText } from './legal-text';

/** The privacy policy in Kiswahili (docs/glossary.md), section for section the English one. */
export const privacy: LegalText = {
  updated: 'Ilisasishwa mwisho: 26 Julai 2019',
  sections: [
    {
      title: 'Sisi ni nani',
      paragraphs: [
        'PlayOn (“PlayOn”, “sisi”) inaendesha huduma ya michezo ya mtandaoni kwa wachezaji nchini Kenya. Kupitia programu ya PlayOn unaweza kucheza michezo, kushiriki mashindano, kuwa na pochi ya shilingi za Kenya, kununua vifurushi vya kila siku, kupiga gumzo na wachezaji wengine na kupokea arifa.',
        'Sera hii inaeleza taarifa binafsi tunazokusanya unapotumia PlayOn, kwa nini tunazikusanya, tunazishiriki na nani na machaguo uliyo nayo. Sisi ndio mdhibiti wa data wa taarifa binafsi zilizoelezwa hapa.',
      ],
    },
    {
      title: 'Taarifa tunazokusanya',
      paragraphs: [
        [
          { strong: 'Maelezo ya kuingia.' },
          ' Unapoingia kwa Google, Facebook, au barua pepe na nenosiri, tunapokea kitambulisho cha akaunti na barua pepe yako kutoka kwa mtoa huduma wa kuingia, na, ukiruhusu, jina lako na picha yako ya wasifu. Hatuoni kamwe nenosiri lako la Google au Facebook.',
        ],
        [
          { strong: 'Maelezo ya wasifu.' },
          ' Jina lako, jina la mtumiaji, barua pepe, tarehe ya kuzaliwa, jinsia, nambari ya simu, picha ya wasifu, nchi na sarafu, na nambari yoyote ya mwaliko unayoweka.',
        ],
        [
          { strong: 'Malipo.' },
          ' Pesa unazoweka, unazotoa na unazowaongezea marafiki, na vifurushi unavyonunua, pamoja na viasi, ada, tarehe na hali zake, na nambari ya simu ya M-Pesa unayolipa nayo au unayotolea pesa. Malipo ya kadi hushughulikiwa na mchakataji wetu wa kadi: hatuhifadhi nambari kamili ya kadi yako.',
        ],
        [
          { strong: 'Michezo.' },
          ' Michezo na mashindano unayocheza, alama zako, nafasi zako kwenye msimamo na zawadi unazoshinda.',
        ],
        [
          { strong: 'Gumzo.' },
          ' Vyumba vya gumzo unavyojiunga navyo na jumbe, picha na faili unazotuma humo.',
        ],
        [
          { strong: 'Kifaa na matumizi.' },
          ' Aina ya kifaa na kivinjari chako, anwani ya IP, kurasa unazofungua, ripoti za hitilafu, kiungo cha kampeni kilichokuleta PlayOn, na, ukiruhusu arifa, tokeni ya push inayotuwezesha kutuma arifa kwenye kifaa chako.',
        ],
        [{ strong: 'Jumbe kwetu.' }, ' Barua pepe, mada na ujumbe unaotutumia kupitia Wasiliana nasi.'],
      ],
    },
    {
      title: 'Jinsi tunavyotumia taarifa zako',
      paragraphs: [
        'Tunatumia taarifa zako kufungua na kuendesha akaunti yako, kuthibitisha kuwa umefikia umri wa kucheza, kushughulikia pesa unazoweka, unazotoa na unazowaongezea marafiki na vifurushi unavyonunua, kutunza salio la pochi yako na historia ya miamala, kuendesha mashindano na misimamo, kutoa zawadi, kufikisha jumbe za gumzo na kukutumia arifa.',
        'Pia tunazitumia kujibu maswali yako, kugundua na kuzuia ulaghai, udanganyifu na matumizi mabaya, kulinda usalama wa huduma, kurekebisha matatizo, kuelewa jinsi PlayOn inavyotumika ili tuiboreshe, na kutimiza wajibu wetu wa kisheria, wa kodi na wa uhasibu.',
      ],
    },
    {
      title: 'Msingi wa kisheria wa kuchakata taarifa',
      paragraphs: [
        'Tunachakata taarifa zako binafsi kwa mujibu wa Sheria ya Kulinda Data ya Kenya ya 2019 (Data Protection Act, 2019). Tunategemea misingi ifuatayo:',
        [
          { strong: 'Mkataba:' },
          ' kukupa akaunti, pochi, vifurushi, mashindano na gumzo ulizojisajili kupata. ',
          { strong: 'Wajibu wa kisheria:' },
          ' kutunza rekodi za malipo na za kodi na kujibu maombi halali ya mamlaka. ',
          { strong: 'Maslahi halali:' },
          ' kulinda usalama wa PlayOn, kuzuia ulaghai na udanganyifu, na kuboresha huduma, pale ambapo hili halizidi haki zako. ',
          { strong: 'Idhini:' },
          ' kwa arifa za push na jumbe zozote za matangazo. Unaweza kuondoa idhini yako wakati wowote.',
        ],
      ],
    },
    {
      title: 'Kushiriki taarifa zako',
      paragraphs: [
        'Hatuuzi taarifa zako binafsi, na hatuzishiriki na mtu yeyote kwa ajili ya matangazo yake mwenyewe.',
        'Tunashiriki kinachohitajika tu na: watoa huduma za malipo, kama Safaricom kwa malipo ya M-Pesa, kutuma pesa na kukata salio la simu (airtime), na wachakataji wetu wa kadi, ili kukamilisha malipo yako; watoa huduma za utambulisho kama Google na Facebook, ili uingie; na watoa huduma wanaoendesha seva zetu, kuhifadhi data na kutuma arifa za push na barua pepe kwa niaba yetu, chini ya mikataba inayowataka kuzilinda.',
        'Wachezaji wengine wanaweza kuona jina lako la mtumiaji, picha yako ya wasifu, alama na nafasi zako kwenye misimamo na kwenye Ukumbi wa Mashujaa, na jumbe unazotuma kwenye vyumba vya gumzo. Tunaweza pia kutoa taarifa sheria inapotutaka, ili kulinda wachezaji au PlayOn dhidi ya ulaghai au madhara, au kwa mmiliki mpya PlayOn ikiuzwa au kuunganishwa na kampuni nyingine, ambaye lazima afuate sera hii.',
      ],
    },
    {
      title: 'Tunahifadhi taarifa zako kwa muda gani',
      paragraphs: [
        'Tunahifadhi maelezo ya akaunti na wasifu wako muda wote akaunti yako iko wazi. Rekodi za malipo na za pochi huhifadhiwa kwa muda unaotakiwa na sheria za Kenya za kodi na za kutunza rekodi za fedha, hata baada ya kufunga akaunti yako. Jumbe za gumzo, alama na taarifa za kifaa huhifadhiwa kwa muda zinaohitajika kuendesha huduma, kisha hufutwa au kufanywa zisimtambulishe mtu.',
      ],
    },
    {
      title: 'Jinsi tunavyolinda taarifa zako',
      paragraphs: [
        'Tunalinda taarifa zako kwa miunganisho iliyosimbwa, vidhibiti vinavyopunguza watu wa timu yetu wanaoweza kuziona, na ukaguzi wa mara kwa mara wa mifumo yetu. Hakuna huduma iliyo salama kikamilifu, kwa hiyo tafadhali weka nenosiri lako siri na utuambie mara moja ukidhani mtu mwingine ametumia akaunti yako.',
      ],
    },
    {
      title: 'Wachezaji lazima wawe na miaka 18 au zaidi',
      paragraphs: [
        'Lazima uwe na umri wa miaka 18 au zaidi ili kutumia PlayOn. Tunaomba tarehe yako ya kuzaliwa ili kuthibitisha hili. Hatukusanyi kwa makusudi taarifa za mtu yeyote aliye chini ya miaka 18. Tukigundua kuwa mchezaji yuko chini ya miaka 18, tutafunga akaunti yake na kufuta taarifa zake, isipokuwa pale sheria inapotutaka kuzihifadhi.',
      ],
    },
    {
      title: 'Vidakuzi na hifadhi ya kivinjari',
      paragraphs: [
        'PlayOn hutumia vidakuzi (cookies) na hifadhi ya kivinjari chako (local storage na session storage) ili ubaki umeingia, kukumbuka wasifu na mipangilio yako wakati wa ziara, kukumbuka kiungo cha kampeni kilichokuleta kwetu, na kuiwezesha programu kufanya kazi mtandao unapokatika. Hatuvitumii kukufuatilia kwenye tovuti nyingine. Ukivifuta au kuvizuia, huenda ukatolewa kwenye akaunti na baadhi ya huduma zisifanye kazi.',
      ],
    },
    {
      title: 'Arifa za push',
      paragraphs: [
        'Ukiruhusu arifa, tunahifadhi tokeni ya push ya kifaa chako na kuitumia kukujulisha kuhusu mashindano, matokeo, malipo, vifurushi na shughuli za gumzo. Unaweza kuzima arifa wakati wowote kwenye mipangilio ya kivinjari au ya kifaa chako. Tunafuta tokeni za push zisizofaa tena.',
      ],
    },
    {
      title: 'Haki zako',
      paragraphs: [
        'Chini ya Sheria ya Kulinda Data ya Kenya ya 2019, una haki ya kuelezwa jinsi taarifa zako zinavyotumika, kuzipata, kusahihisha taarifa zisizo sahihi au zisizokamilika, kupinga baadhi ya matumizi yake, na kutuomba tuzifute. Unaweza kubadilisha maelezo mengi ya wasifu wewe mwenyewe kwenye programu. Kwa jambo lingine lolote, wasiliana nasi na tutakujibu ndani ya muda unaoruhusiwa na sheria.',
        'Kufuta akaunti yako ni kwa kudumu. Salio la pochi yako na maelezo yako binafsi yatapotea na hayawezi kurudishwa, kwa hiyo toa salio lolote kwanza. Tunaweza kuhifadhi rekodi ambazo sheria inatutaka kuhifadhi.',
        'Ikiwa hujaridhika na jinsi tunavyoshughulikia taarifa zako, tafadhali wasiliana nasi kwanza. Unaweza pia kuwasilisha malalamiko kwa Ofisi ya Kamishna wa Kulinda Data (Office of the Data Protection Commissioner).',
      ],
    },
    {
      title: 'Kuomba kiungo cha data yako',
      paragraphs: [
        'Unaweza kutuomba nakala ya taarifa binafsi tulizo nazo kukuhusu. Kwanza tutathibitisha kuwa ombi limetoka kwako, kisha tutaandaa kiungo cha kupakua na kukituma kwa barua pepe iliyo kwenye akaunti yako. Kuandaa kiungo kunaweza kuchukua wiki 2-3, kwa hiyo tafadhali subiri muda huo kabla ya kuwasiliana nasi tena kuhusu ombi hilo hilo.',
      ],
    },
    {
      title: 'Mabadiliko ya sera hii',
      paragraphs: [
        'Tunaweza kubadilisha sera hii huduma yetu au sheria inapobadilika. Tutabadilisha tarehe ya “Ilisasishwa mwisho” iliyo juu, na mabadiliko yakiwa makubwa tutakujulisha kwenye programu au kwa barua pepe kabla hayajaanza kutumika. Ukiendelea kutumia PlayOn baada ya hapo, unakubali sera iliyobadilishwa.',
      ],
    },
    {
      title: 'Wasiliana nasi',
      paragraphs: [
        'Kwa swali au ombi lolote kuhusu faragha yako, tuandikie kwenye barua pepe ya huduma kwa wateja iliyo kwenye ukurasa wa Wasiliana nasi kwenye programu, au tutumie ujumbe kupitia fomu ya Wasiliana nasi. Tafadhali tumia barua pepe iliyounganishwa na akaunti yako ya PlayOn ili tuweze kupata maelezo yako.',
      ],
    },
  ],
};
