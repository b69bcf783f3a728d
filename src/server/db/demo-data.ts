// Demo catalogue and reviews for an empty database. Images ship in public/images.
// Descriptions are previewed at 100 characters on the home page (spec section 9), so each
// one opens with a sentence that reads well on its own. Review messages stay within the
// 150-character review limit (spec section 5).
export interface DemoProduct {
  name: string;
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
    name: 'Forged Steel Garden Hoe',
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
    name: 'Bypass Pruning Shears',
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
    name: 'Tempered Digging Spade',
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
    name: 'Three-Tine Hand Cultivator',
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
    name: 'Heavy-Duty Farm Wheelbarrow',
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
    name: '16 L Knapsack Sprayer',
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
    name: 'Manual Push Seed Drill',
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
    name: 'Drip Irrigation Kit, 500 m²',
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
    name: 'Serrated Harvest Sickle',
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
    name: 'Four-Prong Hay Pitchfork',
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
    name: 'Steel Bow Rake',
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
    name: 'Digital Soil Moisture Meter',
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
    name: 'Power Tiller Rotavator Attachment',
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
    name: 'Stackable Harvest Crates (Set of 10)',
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
