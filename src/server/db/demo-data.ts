// Demo catalogue and reviews for an empty database. Images ship in public/images.
// Descriptions are previewed at 100 characters on the home page (spec section 9), so each
// one opens with a sentence that reads well on its own. Review messages stay within the
// 150-character review limit (spec section 5).
/** The demo catalogue's categories (slug and name); every demo product names one. */
export const demoCategories = [
  { slug: 'hand-tools', name: 'Hand tools', nameBn: 'হাতের যন্ত্রপাতি' },
  { slug: 'sowing', name: 'Sowing and planting', nameBn: 'বীজ বপন ও রোপণ' },
  { slug: 'irrigation', name: 'Irrigation', nameBn: 'সেচ' },
  { slug: 'spraying', name: 'Spraying', nameBn: 'স্প্রে' },
  { slug: 'harvesting', name: 'Harvesting', nameBn: 'ফসল কাটা' },
  { slug: 'storage-and-transport', name: 'Storage and transport', nameBn: 'সংরক্ষণ ও পরিবহন' },
  { slug: 'machinery-attachments', name: 'Machinery attachments', nameBn: 'যন্ত্রের সংযুক্তি' },
] as const;
export type DemoCategorySlug = (typeof demoCategories)[number]['slug'];

export interface DemoProduct {
  category: DemoCategorySlug;
  name: string;
  /** The Bengali name and description shown on Bengali pages. */
  nameBn: string;
  descriptionBn: string;
  priceCents: number;
  stock: number;
  minOrder: number;
  rating: number;
  img: string;
  description: string;
}
export interface DemoReview {
  name: string;
  avatar: string;
  message: string;
  rating: number;
}

export const demoProducts: DemoProduct[] = [
  {
    category: 'hand-tools',
    name: 'Forged Steel Garden Hoe',
    nameBn: 'পেটানো ইস্পাতের নিড়ানি কোদাল',
    descriptionBn:
      'আগাছা তোলা ও সারি তৈরির জন্য পেটানো কার্বন ইস্পাতের কোদাল, শুকনো মাটিতেও সহজে কাটে। তাপে শক্ত করা ধারালো ফলা, ১৫০ সেমি শক্ত কাঠের হাতল।',
    priceCents: 2450,
    stock: 340,
    minOrder: 10,
    rating: 4.5,
    img: '/images/products/garden-hoe.svg',
    description:
      'Drop-forged carbon steel hoe for weeding and shaping rows, built to cut cleanly through dry soil. ' +
      'The blade is heat-treated and ground to a sharp edge, riveted to a 150 cm seasoned ash handle ' +
      'that absorbs shock through long days in vegetable beds and market gardens.',
  },
  {
    category: 'hand-tools',
    name: 'Bypass Pruning Shears',
    nameBn: 'বাইপাস ছাঁটাই কাঁচি',
    descriptionBn:
      'ফলের গাছ, আঙুর লতা ও নার্সারির চারা ছাঁটার জন্য পরিষ্কার কাটের কাঁচি। শক্ত ইস্পাতের ফলা, নিরাপদ তালা ও আরামদায়ক হাতল।',
    priceCents: 1890,
    stock: 520,
    minOrder: 12,
    rating: 4.7,
    img: '/images/products/pruning-shears.svg',
    description:
      'Precision bypass secateurs for orchards and vineyards, cutting green wood up to 22 mm in one stroke. ' +
      'Hardened SK5 steel blades, a replaceable spring, a one-hand safety lock and non-slip grips make ' +
      'them comfortable for a full pruning season.',
  },
  {
    category: 'hand-tools',
    name: 'Tempered Digging Spade',
    nameBn: 'শক্ত করা খননের কোদাল',
    descriptionBn:
      'গর্ত খোঁড়া, বেড তৈরি ও মাটি সরানোর জন্য টেম্পার করা ইস্পাতের কোদাল। পায়ে চাপ দেওয়ার চওড়া কিনারা ও মজবুত হাতল।',
    priceCents: 3290,
    stock: 210,
    minOrder: 5,
    rating: 4.6,
    img: '/images/products/digging-spade.svg',
    description:
      'A tempered steel spade for trenching, transplanting and turning heavy clay soil without bending. ' +
      'The tread-edged blade spares your boots, and the fibreglass shaft with a D-grip handle stays ' +
      'straight and light in wet weather.',
  },
  {
    category: 'hand-tools',
    name: 'Three-Tine Hand Cultivator',
    nameBn: 'তিন দাঁতের হাত কালটিভেটর',
    descriptionBn:
      'চারার চারপাশের মাটি আলগা করা ও আগাছা তোলার জন্য তিন দাঁতের হাতের যন্ত্র। মরিচারোধী ইস্পাত ও হাতে মানানসই হাতল।',
    priceCents: 1150,
    stock: 760,
    minOrder: 20,
    rating: 4.3,
    img: '/images/products/hand-cultivator.svg',
    description:
      'A compact three-tine cultivator for loosening topsoil, mixing compost and lifting weeds by the root. ' +
      'Cast from one piece of rust-resistant steel with a contoured hardwood grip, it is ideal for raised ' +
      'beds, nurseries and seedling trays.',
  },
  {
    category: 'storage-and-transport',
    name: 'Heavy-Duty Farm Wheelbarrow',
    nameBn: 'মজবুত খামারের ঠেলাগাড়ি',
    descriptionBn:
      'সার, মাটি, ফসল ও ইট বহনের জন্য বড় ইস্পাতের ঠেলাগাড়ি। হাওয়া ভরা চাকা কাদা ও উঁচুনিচু জমিতেও চলে।',
    priceCents: 8900,
    stock: 64,
    minOrder: 2,
    rating: 4.4,
    img: '/images/products/wheelbarrow.svg',
    description:
      'A 100-litre steel-tray wheelbarrow that carries 150 kg of feed, soil or harvest over rough yards. ' +
      'The puncture-proof pneumatic tyre rolls over mud and gravel, and the powder-coated frame resists ' +
      'fertiliser and manure corrosion.',
  },
  {
    category: 'spraying',
    name: '16 L Knapsack Sprayer',
    nameBn: '১৬ লিটার ন্যাপস্যাক স্প্রে মেশিন',
    descriptionBn:
      'ফসল রক্ষা, পাতায় সার দেওয়া ও বাগানে স্প্রের জন্য ১৬ লিটারের হাতে চালানো স্প্রে মেশিন। পিস্টন পাম্প সমান চাপ রাখে, পিতলের নলে চার রকম নজল লাগে।',
    priceCents: 5400,
    stock: 150,
    minOrder: 3,
    rating: 4.2,
    img: '/images/products/knapsack-sprayer.svg',
    description:
      'A 16-litre manual knapsack sprayer for crop protection, foliar feeding and orchard spraying work. ' +
      'Its piston pump keeps steady pressure, the brass lance takes four nozzle types, and padded straps ' +
      'spread the load evenly across the back and shoulders.',
  },
  {
    category: 'sowing',
    name: 'Manual Push Seed Drill',
    nameBn: 'হাতে ঠেলা বীজ বপন যন্ত্র',
    descriptionBn:
      'ধান, গম, ভুট্টা ও ডালের বীজ সমান দূরত্বে ও গভীরতায় বোনার জন্য ঠেলা যন্ত্র। বদলযোগ্য বীজ প্লেট ও হালকা কাঠামো।',
    priceCents: 14500,
    stock: 8,
    minOrder: 1,
    rating: 4.8,
    img: '/images/products/seed-drill.svg',
    description:
      'A single-row push seed drill that sows maize, beans, peas and millet at an even depth and spacing. ' +
      'Six interchangeable seed plates, an adjustable furrow opener and a rear press wheel let one person ' +
      'plant up to half a hectare a day with far less seed wasted.',
  },
  {
    category: 'irrigation',
    name: 'Drip Irrigation Kit, 500 m²',
    nameBn: 'ড্রিপ সেচ কিট, ৫০০ বর্গমিটার',
    descriptionBn:
      '৫০০ বর্গমিটার সবজি খেতের জন্য সম্পূর্ণ ড্রিপ সেচ কিট: পাইপ, ড্রিপার, ফিল্টার ও সংযোগ। কম পানিতে প্রতিটি গাছের গোড়ায় পানি পৌঁছায়।',
    priceCents: 12900,
    stock: 95,
    minOrder: 1,
    rating: 4.6,
    img: '/images/products/drip-irrigation-kit.svg',
    description:
      'A complete gravity or pump-fed drip kit that waters 500 m² of row crops using up to 60% less water. ' +
      'It includes a screen filter, 16 mm laterals with 30 cm emitter spacing, connectors, end caps and a ' +
      'layout guide, so a grower can install it in one afternoon.',
  },
  {
    category: 'harvesting',
    name: 'Serrated Harvest Sickle',
    nameBn: 'খাঁজকাটা ফসল কাটার কাস্তে',
    descriptionBn:
      'ধান, গম ও ঘাস কাটার জন্য খাঁজকাটা ধারের কাস্তে, দীর্ঘদিন ধারালো থাকে। বাঁকা ফলা ও হাতে মানানসই কাঠের হাতল।',
    priceCents: 890,
    stock: 980,
    minOrder: 25,
    rating: 4.1,
    img: '/images/products/harvest-sickle.svg',
    description:
      'A serrated carbon steel sickle for harvesting rice, wheat, fodder grass and sorghum by hand. ' +
      'The curved blade keeps its teeth sharp through a full season, and the turned hardwood handle is ' +
      'balanced to reduce wrist strain during long harvest days.',
  },
  {
    category: 'harvesting',
    name: 'Four-Prong Hay Pitchfork',
    nameBn: 'চার কাঁটার খড়ের পিচফর্ক',
    descriptionBn:
      'খড়, বিচালি ও কম্পোস্ট তোলা ও সরানোর জন্য চার কাঁটার পিচফর্ক। শক্ত ইস্পাতের কাঁটা ও লম্বা কাঠের হাতল।',
    priceCents: 2790,
    stock: 230,
    minOrder: 6,
    rating: 4.4,
    img: '/images/products/hay-pitchfork.svg',
    description:
      'A four-prong forged pitchfork for lifting hay, straw, silage and compost with less effort per load. ' +
      'The tines are tapered and hardened so they slide into tight bales, and the long ash handle keeps ' +
      'your back straighter when loading carts.',
  },
  {
    category: 'hand-tools',
    name: 'Steel Bow Rake',
    nameBn: 'ইস্পাতের বো রেক',
    descriptionBn:
      'বীজতলা সমান করা, মাটি ভাঙা ও আবর্জনা জড়ো করার জন্য ষোল দাঁতের ইস্পাতের রেক। পেটানো দাঁত ও লম্বা হাতল।',
    priceCents: 2190,
    stock: 410,
    minOrder: 10,
    rating: 4.3,
    img: '/images/products/bow-rake.svg',
    description:
      'A 16-tooth bow rake for levelling seedbeds, spreading gravel and clearing stones and crop residue. ' +
      'The welded bow frame gives a little spring that stops the head from snapping on rocks, and the ' +
      'smooth hardwood handle is finished against splinters.',
  },
  {
    category: 'irrigation',
    name: 'Digital Soil Moisture Meter',
    nameBn: 'ডিজিটাল মাটির আর্দ্রতা মাপক',
    descriptionBn:
      'কখন সেচ দিতে হবে জানতে মাটির আর্দ্রতা মাপার ডিজিটাল যন্ত্র। পরিষ্কার পর্দা, লম্বা প্রোব ও ব্যাটারিতে চলে।',
    priceCents: 3950,
    stock: 180,
    minOrder: 2,
    rating: 4.5,
    img: '/images/products/soil-moisture-meter.svg',
    description:
      'A probe soil moisture meter that shows water content at root depth, so you irrigate only when needed. ' +
      'A 20 cm stainless probe, a clear backlit display and readings for moisture, pH and light help ' +
      'avoid both drought stress and waterlogging.',
  },
  {
    category: 'machinery-attachments',
    name: 'Power Tiller Rotavator Attachment',
    nameBn: 'পাওয়ার টিলার রোটাভেটর সংযুক্তি',
    descriptionBn:
      'দুই চাকার পাওয়ার টিলারে লাগানোর রোটাভেটর, এক চাষে মাটি ঝুরঝুরে করে। বোরন ইস্পাতের ব্লেড ও বদলযোগ্য যন্ত্রাংশ।',
    priceCents: 38500,
    stock: 22,
    minOrder: 1,
    rating: 4.7,
    img: '/images/products/tiller-rotavator.svg',
    description:
      'A 60 cm rotavator attachment that turns a standard walk-behind power tiller into a seedbed maker. ' +
      'Twenty-four boron steel L-blades work the soil to a depth of 15 cm, and the chain-drive gearbox runs ' +
      'in sealed oil for long service between overhauls.',
  },
  {
    category: 'storage-and-transport',
    name: 'Stackable Harvest Crates (Set of 10)',
    nameBn: 'স্তূপযোগ্য ফসলের ক্রেট (১০টির সেট)',
    descriptionBn:
      'ফল ও সবজি তোলা, রাখা ও বাজারে পাঠানোর জন্য বাতাস চলাচলের ছিদ্রসহ প্লাস্টিকের ক্রেট। খালি অবস্থায় একটির ভেতর আরেকটি রাখা যায়।',
    priceCents: 6400,
    stock: 300,
    minOrder: 2,
    rating: 4.2,
    img: '/images/products/harvest-crates.svg',
    description:
      'Ten ventilated food-grade crates that keep fruit and vegetables cool and unbruised after picking. ' +
      'Each holds up to 25 kg, stacks securely when full and nests when empty, and washes clean with ' +
      'water for use season after season.',
  },
];

export const demoReviews: DemoReview[] = [
  {
    name: 'Amina Rahman',
    avatar: '/images/avatars/avatar-1.svg',
    message:
      'The forged hoes arrived on time and are still sharp after a full rice season. Our workers prefer them.',
    rating: 5,
  },
  {
    name: 'Green Valley Farmers Cooperative',
    avatar: '/images/avatars/avatar-2.svg',
    message:
      'We ordered 40 pruning shears for our members. Solid blades, fair price and helpful support staff.',
    rating: 5,
  },
  {
    name: 'Karim Uddin',
    avatar: '/images/avatars/avatar-3.svg',
    message: 'The drip kit cut our water use by almost half on the tomato plots. Setup took one afternoon.',
    rating: 5,
  },
  {
    name: 'Nusrat Jahan',
    avatar: '/images/avatars/avatar-4.svg',
    message:
      'Knapsack sprayer works well and the straps are comfortable. The lance thread could be stronger.',
    rating: 4,
  },
  {
    name: 'Rafiq Hossain',
    avatar: '/images/avatars/avatar-5.svg',
    message: 'The seed drill keeps spacing even and saved us a lot of maize seed. Worth every cent.',
    rating: 5,
  },
  {
    name: 'Sunrise Orchard Growers',
    avatar: '/images/avatars/avatar-6.svg',
    message: 'Good harvest crates, they stack well in the truck. Delivery took a week longer than promised.',
    rating: 3,
  },
  {
    name: 'Fatema Begum',
    avatar: '/images/avatars/avatar-7.svg',
    message:
      'The soil moisture meter showed we were overwatering. Our chilli plants look much healthier now.',
    rating: 4,
  },
  {
    name: 'Delta Agro Services',
    avatar: '/images/avatars/avatar-8.svg',
    message: 'The rotavator attachment fits our tillers perfectly and handles wet clay soil without trouble.',
    rating: 5,
  },
];
