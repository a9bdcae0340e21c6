/**
 * Month names and "until now" words per language, as data (dates.ts builds its patterns from them).
 * Each month list holds January to December; a month may be written in full or shortened to any
 * prefix of three or more letters followed by a dot or a space ("Sept.", "Juil", "Okt"), which the
 * English, Russian and Romance forms already in dates.ts cover. Words are lower case.
 */
export interface DateWords {
  /** the twelve months, January first, separated by commas; the forms of one month separated by "/" */
  months: string;
  /** words for an open end ("present", "heute") */
  present: readonly string[];
}

export const DATE_WORDS: Record<string, DateWords> = {
  en: {
    months: "january, february, march, april, may, june, july, august, september, october, november, december",
    present: ["present", "current", "currently", "now", "ongoing", "today", "to date", "till date"],
  },
  es: {
    months:
      "enero, febrero, marzo, abril, mayo, junio, julio, agosto, septiembre/setiembre, octubre, noviembre, diciembre",
    present: ["actualidad", "presente", "actual", "hoy"],
  },
  pt: {
    months: "janeiro, fevereiro, março/marco, abril, maio, junho, julho, agosto, setembro, outubro, novembro, dezembro",
    present: ["atual", "atualmente", "presente", "hoje", "o momento"],
  },
  fr: {
    months:
      "janvier, février/fevrier, mars, avril, mai, juin, juillet, août/aout, septembre, octobre, novembre, décembre/decembre",
    present: ["présent", "aujourd'hui", "aujourd’hui", "en cours", "maintenant"],
  },
  de: {
    months:
      "januar/jänner, februar, märz/maerz, april, mai, juni, juli, august, september, oktober, november, dezember",
    present: ["heute", "aktuell", "jetzt", "laufend", "derzeit"],
  },
  it: {
    months: "gennaio, febbraio, marzo, aprile, maggio, giugno, luglio, agosto, settembre, ottobre, novembre, dicembre",
    present: ["presente", "oggi", "in corso", "attuale"],
  },
  nl: {
    months: "januari, februari, maart, april, mei, juni, juli, augustus, september, oktober, november, december",
    present: ["heden", "nu", "huidig"],
  },
  pl: {
    months:
      "styczeń/stycznia, luty/lutego, marzec/marca, kwiecień/kwietnia, maj/maja, czerwiec/czerwca, lipiec/lipca, sierpień/sierpnia, wrzesień/września, październik/października, listopad/listopada, grudzień/grudnia",
    present: ["obecnie", "teraz", "nadal"],
  },
  cs: {
    months:
      "leden/ledna, únor/února, březen/března, duben/dubna, květen/května, červen/června, červenec/července, srpen/srpna, září, říjen/října, listopad/listopadu, prosinec/prosince",
    present: ["současnost", "dosud", "nyní"],
  },
  tr: {
    months: "ocak, şubat, mart, nisan, mayıs, haziran, temmuz, ağustos, eylül, ekim, kasım, aralık",
    present: ["günümüz", "halen", "devam ediyor", "şu an"],
  },
  ru: {
    months:
      "январь/января, февраль/февраля, март/марта, апрель/апреля, май/мая, июнь/июня, июль/июля, август/августа, сентябрь/сентября, октябрь/октября, ноябрь/ноября, декабрь/декабря",
    present: ["настоящее время", "сейчас", "н.в."],
  },
  uk: {
    months:
      "січень/січня, лютий/лютого, березень/березня, квітень/квітня, травень/травня, червень/червня, липень/липня, серпень/серпня, вересень/вересня, жовтень/жовтня, листопад/листопада, грудень/грудня",
    present: ["теперішній час", "тепер", "досі", "нині"],
  },
  ar: {
    months:
      "يناير/كانون الثاني, فبراير/شباط, مارس/آذار, أبريل/ابريل/نيسان, مايو/أيار, يونيو/حزيران, يوليو/تموز, أغسطس/اغسطس/آب, سبتمبر/أيلول, أكتوبر/اكتوبر/تشرين الأول, نوفمبر/تشرين الثاني, ديسمبر/كانون الأول",
    present: ["الآن", "حتى الآن", "الحاضر", "حاليا"],
  },
  he: {
    months: "ינואר, פברואר, מרץ/מרס, אפריל, מאי, יוני, יולי, אוגוסט, ספטמבר, אוקטובר, נובמבר, דצמבר",
    present: ["היום", "הווה", "כיום"],
  },
  fa: {
    months: "ژانویه, فوریه, مارس, آوریل, مه, ژوئن, ژوئیه, اوت, سپتامبر, اکتبر, نوامبر, دسامبر",
    present: ["اکنون", "تاکنون", "حال"],
  },
  hi: {
    months: "जनवरी, फरवरी/फ़रवरी, मार्च, अप्रैल, मई, जून, जुलाई, अगस्त, सितंबर/सितम्बर, अक्टूबर, नवंबर/नवम्बर, दिसंबर/दिसम्बर",
    present: ["वर्तमान", "अब तक"],
  },
  bn: {
    months: "জানুয়ারি, ফেব্রুয়ারি, মার্চ, এপ্রিল, মে, জুন, জুলাই, আগস্ট, সেপ্টেম্বর, অক্টোবর, নভেম্বর, ডিসেম্বর",
    present: ["বর্তমান"],
  },
  id: {
    months: "januari, februari, maret, april, mei, juni, juli, agustus, september, oktober, november, desember",
    present: ["sekarang", "saat ini"],
  },
  vi: {
    months:
      "tháng 1, tháng 2, tháng 3, tháng 4, tháng 5, tháng 6, tháng 7, tháng 8, tháng 9, tháng 10, tháng 11, tháng 12",
    present: ["hiện tại", "nay"],
  },
  sv: {
    months: "januari, februari, mars, april, maj, juni, juli, augusti, september, oktober, november, december",
    present: ["nu", "pågående", "idag"],
  },
  ro: {
    months:
      "ianuarie, februarie, martie, aprilie, mai, iunie, iulie, august, septembrie, octombrie, noiembrie, decembrie",
    present: ["prezent", "în prezent"],
  },
  el: {
    months:
      "ιανουάριος/ιανουαρίου, φεβρουάριος/φεβρουαρίου, μάρτιος/μαρτίου, απρίλιος/απριλίου, μάιος/μαΐου, ιούνιος/ιουνίου, ιούλιος/ιουλίου, αύγουστος/αυγούστου, σεπτέμβριος/σεπτεμβρίου, οκτώβριος/οκτωβρίου, νοέμβριος/νοεμβρίου, δεκέμβριος/δεκεμβρίου",
    present: ["σήμερα", "παρόν"],
  },
  th: {
    months: "มกราคม, กุมภาพันธ์, มีนาคม, เมษายน, พฤษภาคม, มิถุนายน, กรกฎาคม, สิงหาคม, กันยายน, ตุลาคม, พฤศจิกายน, ธันวาคม",
    present: ["ปัจจุบัน"],
  },
  zh: { months: "", present: ["至今", "现在", "目前", "現在", "迄今"] },
  ja: { months: "", present: ["現在", "現職"] },
  ko: { months: "", present: ["현재", "재직중", "재직/중"] },
};
