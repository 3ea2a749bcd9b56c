"""Topic frames: words that belong to one everyday situation (data only).

A real model knows that "fern", "repot" and "soil" belong with "plant", and that "fever" and
"appointment" belong with a clinic, though they mean different things. Each frame below names
one everyday topic and lists the English lemmas and Korean words (nouns and dictionary forms)
that people use when they talk about it. A request word and a tool's word in the same frame are
*related*: they count for the tool, less than a shared concept does, and never alone
(planning.py needs a second word or a value the tool takes). The frames were written from general
knowledge, as a pocket thesaurus of situations, not from any test case; a word may sit in several
frames. Generic words (get, time, make, check) are left out: they relate everything.
"""

from __future__ import annotations

# fmt: off
TOPICS: dict[str, str] = {
    # home and household
    "plant": "plant plants houseplant garden gardening gardener soil pot potting repot repotting "
             "fertilize fertilizer compost seed seedling sprout bloom blossom flower leaf leaves "
             "stem prune pruning water watering sunlight sun shade fern cactus succulent monstera "
             "orchid basil herb tomato rose tulip lily bonsai moss ivy lawn mow weed greenhouse "
             "grow species sow harvest wilt droopy 식물 화분 분갈이 흙 비료 거름 씨앗 새싹 꽃 잎 "
             "뿌리 줄기 가지치기 물주기 햇빛 그늘 선인장 다육이 다육식물 몬스테라 난초 허브 바질 "
             "토마토 장미 튤립 잔디 정원 텃밭 키우다 심다 기르다 시들다 화초 식집사 수경재배",
    "laundry": "laundry wash washing washer dryer dry drying detergent softener rinse spin cycle "
               "stain bleach iron ironing fold folding hamper wool cotton duvet blanket towel "
               "sock shirt clothes 빨래 세탁 세탁기 건조 건조기 말리다 세제 섬유유연제 헹굼 탈수 "
               "얼룩 표백 다리미 다림질 개다 이불 수건 양말 옷 빨다 드라이클리닝 세탁소 코스",
    "chores": "mow mowing lawn yard rake weeding chore chores housework household clean cleaning "
              "tidy vacuum vacuuming mop sweep "
              "dust dusting dishes dishwashing dishwasher laundry trash garbage recycling bin "
              "errand cook cooking wipe scrub 집안일 가사 청소 청소기 설거지 빨래 정리 정돈 걸레 "
              "걸레질 먼지 쓰레기 분리수거 재활용 음식물쓰레기 심부름 닦다 치우다 쓸다 식기세척기",
    "cleaning": "clean cleaning cleaner vacuum mop sweep dust wipe scrub disinfect sanitize "
                "bleach sponge broom mold stain 청소 청소기 걸레 먼지 닦다 소독 곰팡이 얼룩 "
                "빗자루 청소하다 치우다",
    "trash": "trash garbage rubbish waste recycling recycle bin compost dumpster pickup 쓰레기 "
             "분리수거 재활용 음식물쓰레기 종량제 수거 버리다 폐기물 "
             "bottle plastic paper cardboard styrofoam glass bulky collection 페트병 캔 플라스틱 "
             "비닐 종이 박스 스티로폼 유리병 대형폐기물 음식물 배출 내놓다 수거하다",
    "kitchen": "kitchen cook cooking stove oven microwave fridge refrigerator freezer pan pot "
               "knife dish dishes sink kettle blender 주방 부엌 냉장고 냉동실 전자레인지 오븐 "
               "가스레인지 냄비 프라이팬 칼 그릇 싱크대",
    "repair": "repair fix broken broke leak leaking plumber plumbing pipe faucet drain clog "
              "electrician wiring outlet handyman maintenance crack 수리 고치다 고장 고장나다 "
              "누수 새다 배관 수도 막히다 전기 기사 교체 보수 "
              "technician repairman appliance 수리기사 가전 가전제품 서비스센터 작동 고장신고",
    "utilities": "utility utilities electricity electric gas water bill outage heating internet "
                 "bill 공과금 전기 전기요금 가스 가스요금 수도요금 관리비 계량기 정전 단수 "
                 "power meter 전기세 가스비 수도세 난방비 고지서 자동이체 검침 전기료 도시가스",
    "moving": "move moving mover relocate relocation box pack packing truck 이사 이삿짐 포장이사 "
              "이전 전입 짐 박스 주소",
    "furniture": "furniture sofa couch chair desk bed mattress shelf closet wardrobe drawer lamp "
                 "rug curtain 가구 소파 의자 책상 침대 매트리스 선반 옷장 서랍 커튼 러그",
    "home_security": "security alarm burglar intruder break-in camera cctv doorbell lock unlock "
                     "door window sensor motion arm disarm siren guard 보안 경보 경보기 방범 도둑 "
                     "침입 카메라 CCTV 초인종 도어락 잠그다 잠금 현관 센서 감지 경비 사이렌 해제 "
                     "무단침입",
    "smart_home": "light lamp bulb switch thermostat heater heating aircon plug outlet blind "
                  "speaker robot vacuum sensor 조명 전등 불 스위치 온도조절기 보일러 에어컨 "
                  "플러그 블라인드 스피커 로봇청소기",
    "pest": "pest insect cockroach ant mosquito mice rat termite exterminator 벌레 해충 바퀴벌레 "
            "개미 모기 쥐 흰개미 파리 방역",
    "rent": "rent renting tenant landlord lease deposit apartment flat housing mortgage 월세 "
            "전세 세입자 집주인 임대 임차 보증금 아파트 원룸 오피스텔 부동산 매매 집",
    # food and drink
    "cooking": "cook cooking recipe ingredient bake baking boil fry grill roast chop stir simmer "
               "dish meal dinner lunch breakfast oven 요리 레시피 재료 굽다 끓이다 볶다 튀기다 "
               "삶다 찌다 반찬 식사 밥",
    "groceries": "grocery groceries supermarket milk egg bread rice vegetable fruit meat fish "
                 "cart 장보기 마트 슈퍼 시장 우유 계란 달걀 빵 쌀 채소 야채 과일 고기 생선",
    "restaurant": "restaurant dine dining dinner lunch reservation menu waiter chef bistro diner "
                  "takeout 식당 레스토랑 맛집 외식 메뉴 예약 자리 셰프",
    "coffee": "coffee cafe latte espresso americano cappuccino barista tea 커피 카페 라떼 "
              "아메리카노 에스프레소 카푸치노 바리스타 차",
    "drinks": "drink beer wine soju whiskey cocktail pub alcohol juice soda 술 맥주 와인 소주 "
              "위스키 칵테일 바 술집 음료 주스 탄산",
    "delivery_food": "delivery deliver takeout order pizza chicken burger 배달 배달음식 포장 "
                     "치킨 피자 햄버거 야식 시켜먹다",
    "diet": "diet calorie calories protein carb carbs fat sugar nutrition nutrient meal vitamin "
            "fiber sodium vegan vegetarian keto 다이어트 칼로리 단백질 탄수화물 지방 당 영양 "
            "영양소 식단 비타민 나트륨 비건 채식",
    # health
    "sick": "sick ill illness fever cough cold flu headache sore throat pain ache nausea dizzy "
            "symptom doctor clinic hospital medicine prescription nurse checkup treatment injury "
            "hurt 아프다 감기 독감 기침 두통 통증 몸살 어지럽다 증상 의사 병원 진료 예약 처방 약 "
            "간호사 검진 치료 다치다 부상 콧물",
    "dental": "dentist dental tooth teeth cavity gum braces floss toothache scaling 치과 치아 "
              "충치 잇몸 교정 치통 스케일링 사랑니",
    "eyes": "eye eyes vision glasses lens contacts optician sight 눈 시력 안경 렌즈 안과 "
            "콘택트렌즈",
    "pharmacy": "pharmacy pharmacist medicine medication pill tablet dose prescription refill "
                "drug painkiller 약국 약사 약 알약 복용 처방전 진통제 영양제",
    "mental": "stress anxiety anxious depressed depression mood therapy therapist counseling "
              "meditation mindfulness burnout lonely 스트레스 불안 우울 우울증 기분 상담 치료 "
              "명상 번아웃 외롭다 "
              "feeling emotion nervous worried 감정 불안하다 초조하다 걱정 긴장",
    "pregnancy": "pregnant pregnancy baby midwife prenatal ultrasound 임신 임산부 출산 태아 "
                 "산부인과 초음파 예정일",
    "baby": "baby infant newborn toddler diaper nappy bottle nursing breastfeed nap crib "
            "stroller pacifier 아기 아이 신생아 기저귀 분유 젖병 모유 수유 낮잠 유모차 이유식 "
            "쪽쪽이",
    "sleep": "sleep asleep nap bed bedtime insomnia snore dream wake tired 잠 수면 자다 낮잠 "
             "침대 불면증 코골이 꿈 깨다 피곤하다",
    "fitness": "fitness exercise workout gym run running jog walk walking steps swim cycling "
               "bike yoga pilates weights lift squat stretch cardio marathon trainer 운동 헬스 "
               "헬스장 달리기 조깅 걷기 걸음 수영 자전거 요가 필라테스 스트레칭 마라톤 트레이너 "
               "근력",
    "beauty": "hair haircut salon barber nail manicure makeup skin skincare facial spa massage "
              "perm dye 머리 미용실 이발소 네일 화장 피부 마사지 스파 파마 염색 커트",
    # pets and animals
    "pet": "pet dog puppy cat kitten leash feed litter groom grooming vet vaccine vaccination "
           "flea kennel bark 반려동물 강아지 고양이 산책 사료 간식 밥그릇 모래 미용 동물병원 "
           "수의사 예방접종 벼룩 목줄 짖다",
    "animals": "animal bird fish aquarium hamster rabbit turtle parrot zoo wildlife horse 동물 "
               "물고기 어항 햄스터 토끼 거북이 앵무새 동물원 야생",
    # outdoors and travel
    "camping": "camp camping campsite campground tent rv cabin trailer campfire fire firewood "
               "bonfire stove lantern hike hiking trail park ranger outdoor wilderness backpack "
               "캠핑 캠핑장 야영 야영장 텐트 캠핑카 오두막 글램핑 침낭 모닥불 캠프파이어 불 장작 "
               "버너 랜턴 등산 산 국립공원 아웃도어 피우다 차박",
    "fire": "fire campfire bonfire burn burning flame smoke wildfire ban firewood lighter "
            "extinguisher 불 모닥불 캠프파이어 화재 산불 연기 장작 라이터 소화기 피우다 태우다 "
            "화기",
    "hiking": "hike hiking trail mountain summit climb peak trek 등산 산 둘레길 정상 오르다 등반 "
              "트레킹 산행",
    "beach": "beach sea ocean swim swimming surf surfing sand wave tide sunscreen 바다 해변 "
             "해수욕장 수영 서핑 모래 파도 물때",
    "fishing": "fish fishing rod bait angler boat 낚시 낚싯대 미끼 물고기",
    "ski": "ski skiing snowboard slope resort lift 스키 스노보드 슬로프 리조트 리프트",
    "travel": "travel trip journey vacation holiday tour tourist itinerary passport visa luggage "
              "suitcase abroad sightseeing 여행 관광 휴가 일정 여권 비자 짐 캐리어 해외 구경",
    "flight": "flight fly plane airline airport boarding gate seat layover departure arrival "
              "항공 비행기 항공편 공항 탑승 게이트 좌석 출발 도착 환승",
    "hotel": "hotel room stay check-in checkout lodging hostel resort booking guest 호텔 숙소 "
             "숙박 객실 체크인 체크아웃 리조트 펜션 게스트하우스",
    "transit": "bus subway metro train station stop line transfer fare commute 버스 지하철 전철 "
               "기차 역 정류장 노선 환승 요금 출퇴근",
    "car": "car vehicle drive driving driver engine oil tire tyre brake battery odometer mileage "
           "fuel gas gasoline diesel petrol garage mechanic inspection wash windshield wiper "
           "license 차 자동차 차량 운전 엔진 엔진오일 오일 타이어 브레이크 배터리 주행거리 연료 "
           "기름 주유 휘발유 경유 정비 정비소 점검 세차 와이퍼 면허 카센터",
    "parking": "parking park garage spot valet 주차 주차장 주차비 발렛 자리",
    "traffic": "traffic jam accident road highway toll ticket 교통 정체 막히다 사고 도로 "
               "고속도로 톨게이트 과속 딱지 벌금",
    "bike": "bicycle bike cycling helmet pedal 자전거 따릉이 헬멧 페달",
    # money
    "banking": "bank account balance deposit withdraw transfer atm card statement savings loan "
               "interest 은행 계좌 잔액 입금 출금 이체 송금 카드 통장 적금 대출 이자",
    "insurance": "insurance insurer policy claim coverage cover covered premium deductible "
                 "accident damage theft stolen reimburse reimbursement adjuster flood liability "
                 "보험 보험사 보험금 청구 보장 보상 보험료 자기부담금 사고 손해 도난 도둑 파손 "
                 "침수 약관 가입",
    "tax": "tax taxes refund deduction income irs vat filing 세금 환급 공제 소득 연말정산 부가세 "
           "신고 종합소득세",
    "budget": "budget expense spending spend cost saving money receipt 예산 지출 가계부 쓰다 "
              "비용 절약 영수증 돈",
    "investing": "stock share invest investment portfolio fund dividend market crypto 주식 투자 "
                 "포트폴리오 펀드 배당 코인 시장",
    "shopping": "shop shopping buy purchase order cart checkout mall price discount sale coupon "
                "refund 쇼핑 사다 구매 주문 장바구니 결제 가게 매장 할인 세일 쿠폰 환불 반품",
    "shipping": "package parcel delivery shipping ship courier tracking mail post 택배 소포 배송 "
                "배달 운송장 우편 우체국",
    "bills": "bill invoice payment due pay overdue subscription 청구서 요금 납부 연체 구독 결제",
    # learning and culture
    "language_learning": "language vocabulary vocab word words phrase grammar flashcard quiz "
                         "lesson practice fluent pronunciation streak deck review study english "
                         "spanish japanese french korean chinese german 언어 어휘 단어 단어장 "
                         "문법 퀴즈 발음 공부 학습 복습 외우다 연습 영어 일본어 중국어 스페인어 "
                         "프랑스어 독일어 회화 연속",
    "school": "school classroom homework assignment exam test quiz grade teacher student lesson "
              "semester timetable 학교 수업 숙제 과제 시험 성적 선생님 학생 학기 시간표",
    "university": "university college campus lecture professor credit tuition thesis 대학 대학교 "
                  "캠퍼스 강의 교수 전공 학점 등록금 논문",
    "museum": "museum gallery exhibition exhibit art painting sculpture artist admission ticket "
              "curator 박물관 미술관 전시 전시회 작품 그림 조각 화가 작가 관람 입장 입장권 관람권",
    "library": "library book borrow loan due renew author novel 도서관 책 대출 반납 연장 작가 "
               "소설",
    "music": "music song album artist band concert playlist singer guitar piano 음악 노래 앨범 "
             "가수 밴드 콘서트 공연 플레이리스트 기타 피아노",
    "movies": "movie film cinema theater showtime actor series episode tv 영화 영화관 극장 "
              "배우 드라마 시리즈 예능",
    "games": "game gaming play player score 게임 콘솔 플레이 레벨 점수",
    "sports": "sport sports game match score league player coach soccer football baseball "
              "basketball tennis golf volleyball 스포츠 경기 팀 점수 리그 선수 감독 축구 야구 "
              "농구 테니스 골프 배구",
    "photo": "photo photograph picture camera album selfie image snapshot 사진 카메라 앨범 셀카 "
             "이미지 촬영 "
             "portrait headshot passport studio photographer 사진관 증명사진 여권사진 가족사진 "
             "프로필사진 인화 액자 스튜디오 찍다 사진사",
    "crafts": "knit knitting sew sewing craft yarn fabric embroidery paint drawing 뜨개질 바느질 "
              "공예 원단 자수 그림",
    "events": "event party birthday wedding celebration festival concert invitation guest ticket "
              "venue 행사 파티 생일 결혼식 축하 축제 초대 손님 장소",
    "gift": "gift present wrap birthday 선물 포장 카드",
    # work and tech
    "office": "office meeting spreadsheet presentation slide deadline colleague manager boss "
              "사무실 회의 보고서 문서 엑셀 발표 마감 동료 팀장 상사",
    "job": "job career cv interview hire hiring recruit salary 일자리 채용 취업 이직 이력서 면접 "
           "지원 연봉 직무",
    "computer": "computer laptop pc keyboard mouse monitor screen printer software install "
                "update crash virus password login account backup 컴퓨터 노트북 키보드 마우스 "
                "모니터 화면 프린터 소프트웨어 설치 업데이트 바이러스 비밀번호 로그인 계정 백업",
    "internet": "internet wifi router network connection online offline 인터넷 와이파이 공유기 "
                "네트워크 연결 느리다 끊기다",
    "phone": "phone mobile smartphone call battery charger 폰 휴대폰 핸드폰 스마트폰 전화 배터리 "
             "충전기 충전 "
             "carrier unlimited sim roaming contract 통신사 요금제 데이터 무제한 유심 로밍 회선 "
             "개통 번호이동 약정 문자 통화",
    "server": "server deploy deployment outage incident log logs cpu memory disk database "
              "cluster container 서버 배포 서비스 장애 로그 메모리 디스크 데이터베이스",
    # civic and life events
    "documents": "passport visa license certificate permit registration 여권 비자 면허증 신분증 "
                 "증명서 서류 신청서 허가 등록",
    "emergency": "emergency police ambulance fire accident injured 응급 경찰 구급차 119 112 사고 "
                 "다치다 긴급",
    "weather": "weather rain snow sunny cloudy wind storm umbrella temperature forecast hot cold "
               "humid 날씨 비 눈 맑다 흐리다 바람 태풍 우산 기온 예보 덥다 춥다 습하다",
    "elderly": "grandma grandpa grandmother grandfather elderly senior nursing 할머니 할아버지 "
               "어르신 노인 요양 간병 "
               "elder 독거노인 경로당 요양원",
    "childcare": "kid kids child children daycare kindergarten babysitter nanny 아이 애들 "
                 "어린이집 유치원 베이비시터 하원 등원",
    # more of home life
    "opening_hours": "open opening close closing closed 영업시간 운영시간 개장 폐장 휴무 휴관 문 "
                     "열다 닫다 마감 영업",
    "sewing": "sew sewing tailor alteration hem button zipper stitch needle thread 수선 바느질 "
              "재봉 단추 지퍼 바늘 기장 "
              "pants skirt dress sleeve waist 바지 치마 원피스 소매 허리 옷수선 수선집",
    "dry_cleaning": "dry cleaning cleaner suit coat stain 세탁소 드라이클리닝 정장 코트 얼룩",
    "locksmith": "locksmith key keys lockout locked spare 열쇠 열쇠공 잠기다 비상키 도어락",
    "lost_found": "lost found lose wallet keys umbrella 분실 분실물 잃어버리다 지갑 찾다 습득 "
                  "glasses 습득물 분실하다 안경 가방 우산 열쇠 휴대폰 두고오다",
    "aquarium": "aquarium fish tank goldfish 어항 수족관 물고기 여과기 금붕어 열대어",
    "lawn": "lawn mow mower grass yard hedge leaf leaves rake sprinkler 잔디 잔디깎이 마당 정원 "
            "울타리 낙엽 스프링클러",
    "pool": "pool swimming chlorine lifeguard lane 수영장 수영 레인 염소",
    "storage": "storage locker warehouse box 보관 창고 보관함 사물함 짐",
    "energy": "energy electricity solar battery charging ev 에너지 전기 태양광 충전 전력 사용량 "
              "소비",
    "heating_cooling": "heat heating heater boiler radiator aircon cooling fan thermostat "
                       "temperature warm cold 난방 보일러 히터 에어컨 냉방 선풍기 온도 따뜻하다 "
                       "춥다 덥다 "
                       "furnace 난방비 냉난방 온수 라디에이터 온도조절기",
    "water_supply": "water tap faucet purifier leak 수도 정수기 필터 생수 누수 "
                    "plumbing pipe drip dripping 수도꼭지 수도요금 수도세 배관 새다 단수 온수 "
                    "냉수 상수도 하수도",
    # food, more
    "bakery": "bakery bread cake pastry croissant bagel muffin cookie dessert 빵집 베이커리 빵 "
              "케이크 크루아상 베이글 머핀 쿠키 디저트",
    "wine": "wine vineyard sommelier cellar vintage 와인 포도주 레드와인 화이트와인 소믈리에",
    "tea": "tea herbal matcha chamomile 차 녹차 홍차 허브티 말차",
    "barbecue": "barbecue bbq grill charcoal steak sausage picnic 바베큐 고기 숯불 스테이크 "
                "소시지 소풍",
    "fast_food": "burger fries pizza hotdog fried chicken drive-thru 햄버거 감자튀김 피자 핫도그 "
                 "치킨",
    "korean_food": "kimchi bibimbap bulgogi ramen noodle rice soup stew 김치 비빔밥 불고기 라면 "
                   "국수 밥 국 찌개 떡볶이 김밥",
    "allergy": "allergy allergic peanut gluten lactose dairy intolerance pollen 알레르기 땅콩 "
               "글루텐 유당 꽃가루 비염",
    "meal_plan": "meal menu breakfast lunch dinner snack portion 식단 아침 점심 저녁 간식 끼니",
    # health, more
    "vaccination": "vaccine vaccination jab booster immunization flu 백신 예방접종 접종 주사 "
                   "독감",
    "hospital": "hospital clinic emergency ward surgery discharge doctor nurse patient 병원 "
                "응급실 병동 수술 입원 퇴원 의사 간호사 환자 진료 예약 진료과",
    "blood": "blood pressure sugar glucose diabetes cholesterol heart pulse 혈압 혈당 당뇨 "
             "콜레스테롤 심장 맥박",
    "hearing": "ear hearing deaf 귀 청력 보청기 이비인후과",
    "skin": "skin rash acne eczema itch sunburn dermatology 피부 발진 여드름 습진 가렵다 피부과",
    "injury": "injury injured hurt sprain fracture bruise bandage bleeding 부상 다치다 삐다 골절 "
              "멍 상처 붕대 피",
    "weight_loss": "lose gain bmi diet 체중 몸무게 빼다 찌다 체지방",
    "hydration": "water hydrate hydration drink thirsty 물 수분 마시다 목마르다",
    # children and family
    "family": "family parent mom dad child son daughter sibling grandparent relative 가족 부모 "
              "엄마 아빠 아이 아들 딸 형제 친척",
    "toys": "toy toys lego doll puzzle 장난감 레고 인형 퍼즐",
    "wedding": "wedding bride groom marriage engagement honeymoon 결혼 결혼식 신부 신랑 예식장 "
               "반지 약혼 신혼여행 청첩장 "
               "bouquet makeup venue officiant 하객 부케 메이크업 웨딩홀 스드메 주례 축의금 "
               "드레스",
    "funeral": "funeral condolence memorial 장례 장례식 조문 부고 조의금",
    "dating": "dating boyfriend girlfriend partner anniversary romantic 데이트 남자친구 여자친구 "
              "연인 애인 기념일 소개팅",
    "friends": "friend friends hangout meetup gathering 친구 모임 약속 만나다",
    # getting around, more
    "ev_charging": "charging charger ev electric station battery 충전 충전소 충전기 전기차 "
                   "배터리",
    "fuel": "fuel gas petrol diesel refuel station pump tank 주유 주유소 기름 휘발유 경유 연료",
    "car_wash": "wash car wax detailing 세차 세차장 광택",
    "scooter": "scooter kickboard moped 킥보드 스쿠터 전동킥보드",
    "ferry": "ferry boat ship cruise harbor 여객선 페리 크루즈 항구 선착장",
    "toll": "toll highway expressway 통행료 고속도로 하이패스 톨게이트",
    "driving_test": "license driving test learner permit 면허 운전면허 면허시험 도로주행",
    # outdoors, more
    "nature": "nature forest mountain lake river waterfall valley trail wildlife 자연 숲 산 호수 "
              "강 폭포 계곡 둘레길",
    "picnic": "picnic blanket basket park lawn 소풍 피크닉 돗자리 공원",
    "stargazing": "telescope astronomy planet moon meteor galaxy 별 망원경 천문 행성 유성 은하",
    "birdwatching": "bird birds binoculars 조류 탐조 쌍안경",
    "climbing": "climb climbing boulder bouldering rope harness 클라이밍 암벽 등반 볼더링",
    "cycling_sport": "cycling cyclist bike 자전거 라이딩 사이클",
    # money, more
    "loan": "loan mortgage borrow interest repayment installment credit 대출 주택담보대출 이자 "
            "금리 상환 할부 신용",
    "credit_card": "card credit debit statement cashback 카드 신용카드 체크카드 한도 명세서 "
                   "포인트 캐시백",
    "pension": "pension retirement 401k annuity 연금 퇴직금 노후 국민연금",
    "donation": "donate donation charity fundraiser volunteer 기부 후원 자선 모금 봉사",
    "lottery": "lottery lotto ticket jackpot 복권 로또 당첨",
    "salary": "salary pay payroll wage paycheck bonus 월급 급여 연봉 보너스 상여금 인상",
    "rent_payment": "rent landlord tenant deposit lease 월세 집세 보증금 전세 임대료",
    "subscriptions": "subscription subscribe renew cancel membership trial 구독 정기결제 멤버십 "
                     "해지 갱신",
    # learning, more
    "math_study": "math algebra geometry calculus equation fraction 수학 대수 기하 미적분 방정식 "
                  "분수",
    "science_study": "science physics chemistry biology experiment lab 과학 물리 화학 생물 실험",
    "history_study": "war dynasty king ancient century era 역사 전쟁 왕조 왕 고대 세기 시대",
    "reading": "read reading book novel chapter author bookmark ebook audiobook 독서 책 소설 "
               "챕터 페이지 작가 책갈피 전자책 오디오북",
    "writing": "write writing essay blog article draft story journal 글 글쓰기 에세이 블로그 "
               "기사 초안 일기",
    "music_practice": "practice piano guitar violin drum instrument lesson chord 연습 피아노 "
                      "기타 바이올린 드럼 악기 레슨 코드",
    "art": "art painting drawing sketch canvas gallery artist 미술 그림 그리다 스케치 캔버스 "
           "화가",
    "exam_prep": "exam test prep certification toeic ielts score 시험 자격증 토익 점수 수능 "
                 "모의고사",
    # work, more
    "meeting": "meeting agenda attendee invite conference room zoom call standup 회의 안건 "
               "회의록 참석자 회의실 줌 미팅",
    "project_work": "project task milestone deadline sprint backlog 프로젝트 업무 마일스톤 마감 "
                    "스프린트",
    "customer": "customer client lead deal contract sale account 고객 거래처 계약 영업 리드",
    "support": "support ticket helpdesk issue complaint 지원 문의 티켓 헬프데스크 불만 요청 민원",
    "warehouse": "inventory stock warehouse shipment restock sku 재고 창고 입고 출고 재입고",
    "printing": "print printer printing paper ink toner scan scanner 인쇄 프린터 출력 용지 잉크 "
                "토너 스캔 복사",
    "presentation": "presentation slide slides pitch 발표 슬라이드 피피티 발표자료",
    "spreadsheet": "spreadsheet excel sheet cell column row formula 엑셀 스프레드시트 시트 셀 행",
    "email_work": "email inbox mail reply forward attachment 메일 이메일 받은편지함 답장 전달 "
                  "첨부",
    "social": "post follow follower like share comment story instagram facebook twitter 게시물 "
              "팔로우 팔로워 좋아요 공유 댓글 피드 인스타 인스타그램 페이스북 트위터",
    "streaming": "stream streaming watch netflix youtube video subscriber 스트리밍 넷플릭스 "
                 "유튜브 영상 채널 구독자",
    "podcast": "podcast episode listen 팟캐스트 에피소드 듣다",
    "coding": "code coding bug debug compile test function script repository commit 코드 코딩 "
              "버그 디버그 컴파일 테스트 함수 스크립트 커밋",
    "password_security": "password login account hack phishing two-factor otp 비밀번호 로그인 "
                         "계정 해킹 피싱 인증 2단계",
    # civic
    "government": "government office permit tax registration resident 정부 시청 구청 주민센터 "
                  "민원 등록 주민등록",
    "voting": "vote voting election ballot candidate poll 투표 선거 후보 여론조사",
    "legal": "lawyer legal court lawsuit contract law 변호사 법률 법원 소송 계약 법",
    "police": "police crime theft stolen robbery 경찰 범죄 신고 도난 도둑 강도",
    "disaster": "earthquake typhoon flood tsunami storm evacuation shelter 지진 태풍 홍수 쓰나미 "
                "대피 대피소 재난",
    "air": "air dust pollution mask 공기 미세먼지 황사 마스크 대기",
    "post_office": "post mail letter stamp envelope postcard 우체국 우편 편지 우표 봉투 엽서 "
                   "등기 "
                   "parcel package registered airmail postage zip 소포 택배 등기우편 우편번호 "
                   "국제우편 항공우편",
    "religion": "church temple prayer worship 교회 절 성당 예배 기도 미사",
    "volunteer": "volunteer volunteering charity community 봉사 자원봉사 봉사활동 기부 "
                 "volunteers donate nonprofit shelter orphanage cleanup 자원봉사자 후원 보육원 "
                 "유기견 보호소 독거노인 플로깅 헌혈",
    # leisure
    "concert": "concert gig ticket band festival performance 콘서트 공연 무대 밴드 페스티벌 티켓",
    "theater": "theater theatre play musical actor seat 연극 뮤지컬 무대 배우 좌석 공연장",
    "bowling_etc": "bowling billiards karaoke arcade 볼링 당구 노래방 오락실",
    "board_games": "chess puzzle crossword sudoku cards 체스 바둑 퍼즐 스도쿠 카드게임 보드게임",
    "golf": "golf tee club caddie 골프 골프장 라운딩 티타임 캐디",
    "swimming": "swim swimming pool lap lane 수영 수영장 레인",
    "yoga": "yoga pilates meditation stretch mat 요가 필라테스 명상 스트레칭 매트",
    "gym": "gym workout trainer membership weights treadmill 헬스장 운동 트레이너 회원권 "
           "러닝머신",
    "running": "run running jog marathon pace 달리기 러닝 조깅 마라톤 페이스",
    "photo_editing": "photo edit crop resize retouch 사진 편집 자르기 필터 보정",
    "news": "news headline article breaking 뉴스 기사 속보 헤드라인 보도",
    "weather_alerts": "typhoon heatwave cold warning advisory 태풍 폭염 한파 경보 주의보 특보",
    # everyday life, more
    "clothing": "clothes clothing outfit dress skirt jeans pants trousers jacket coat sweater "
                "hoodie shirt blouse scarf hat fitting 옷 의류 원피스 치마 청바지 바지 재킷 코트 "
                "스웨터 후드티 셔츠 블라우스 넥타이 목도리 모자 사이즈",
    "shoes": "shoe shoes sneaker sneakers boots sandal heels slipper insole 신발 운동화 구두 "
             "부츠 샌들 슬리퍼 깔창",
    "jewelry": "jewelry necklace bracelet earring 보석 목걸이 팔찌 귀걸이 시계 액세서리",
    "bathroom": "bathroom toilet shower bathtub tub sink towel toothbrush toothpaste shampoo "
                "soap 욕실 화장실 샤워 욕조 세면대 칫솔 치약 샴푸 비누",
    "garage_tools": "drill hammer screwdriver wrench saw nail screw ladder toolbox 드릴 망치 "
                    "드라이버 렌치 톱 못 나사 사다리 공구",
    "wearable": "smartwatch fitbit tracker heart 스마트워치 워치 심박수 트래커",
    "tv_home": "television tv netflix 텔레비전 티비 리모컨 "
               "화면 채널 셋톱박스",
    "kitchen_appliance": "dishwasher oven microwave toaster blender kettle fridge freezer "
                         "airfryer 식기세척기 오븐 전자레인지 토스터 믹서기 주전자 냉장고 냉동고 "
                         "에어프라이어 "
                         "cooker purifier 식세기 김치냉장고 밥솥 전기밥솥 정수기 인덕션 "
                         "가스레인지",
    "cosmetics": "lipstick foundation mascara skincare sunscreen lotion serum cream 립스틱 "
                 "파운데이션 마스카라 스킨케어 선크림 로션 세럼 크림 화장품",
    "haircut": "haircut barber salon perm dye bangs trim stylist 커트 이발 미용실 파마 염색 "
               "앞머리 디자이너 헤어",
    "massage_spa": "massage spa sauna therapist 마사지 스파 사우나 찜질방",
    "birthday": "birthday cake candle party balloon 생일 케이크 촛불 선물 파티 풍선 생신",
    "christmas": "christmas santa ornament carol xmas 크리스마스 산타 트리 캐롤 성탄절",
    "new_year": "new year resolution countdown fireworks 새해 신년 설날 떡국 세배 불꽃놀이",
    "chuseok": "chuseok thanksgiving songpyeon ancestors 추석 송편 차례 성묘 명절",
    "hanok_culture": "palace temple hanbok tradition heritage 궁 궁궐 절 한복 전통 문화재 유적",
    "zoo": "zoo lion tiger elephant giraffe penguin panda monkey 동물원 사자 호랑이 코끼리 기린 "
           "펭귄 판다 원숭이",
    "amusement_park": "amusement park rollercoaster parade lotte everland 놀이공원 놀이기구 "
                      "롤러코스터 테마파크 퍼레이드 에버랜드 롯데월드",
    "library_study": "reading 열람실 독서실 스터디카페 좌석",
    "cafe_study": "cafe laptop wifi 카공 스터디카페",
    "kindergarten": "kindergarten daycare nursery teacher 유치원 어린이집 선생님 등원 하원 소풍",
    "elementary_school": "elementary school parent homework 초등학교 알림장 가정통신문 학부모 "
                         "상담",
    "exam_day": "exam grade retake 시험 점수 성적 결과 합격 불합격 재시험",
    "scholarship": "scholarship tuition fellowship 장학금 등록금 학자금",
    "commute": "commute traffic subway bus carpool 출근 퇴근 출퇴근 러시아워 카풀",
    "airport": "airport terminal check-in baggage boarding gate customs immigration duty-free "
               "공항 터미널 수하물 탑승구 라운지 세관 출입국 면세점",
    "visa_immigration": "visa immigration residence permit embassy consulate 비자 출입국 체류 "
                        "영주권 대사관 영사관",
    "currency_travel": "currency cash atm abroad 환전 외화 환율 해외결제",
    "rental_car": "rental car rent mileage 렌터카 렌트카 대여 반납",
    "taxi": "taxi cab driver fare 택시 기사 요금 승차",
    "bus_intercity": "intercity bus terminal ticket 고속버스 시외버스 터미널 승차권",
    "train_travel": "train ktx srt platform ticket station 기차 열차 ktx srt 좌석 승강장 역",
    "cycling_repair": "flat tire puncture chain brake pump 펑크 체인 브레이크 공기압 펌프",
    "motorcycle": "motorcycle motorbike scooter helmet 오토바이 바이크 스쿠터 헬멧",
    "ev": "electric vehicle ev tesla charging battery 전기차 테슬라 충전 주행거리 배터리",
    "mail_package": "package parcel courier tracking delivered 택배 소포 배송 송장 도착",
    "grocery_delivery": "grocery delivery kurly coupang 새벽배송 장보기 쿠팡 마켓컬리",
    "secondhand": "secondhand resale thrift karrot 중고 중고거래 당근 당근마켓 번개장터",
    "auction": "auction bid bidding 경매 입찰 낙찰",
    "charity_run": "marathon race 5k 10k medal 마라톤 하프 완주 메달",
    "team_sports": "soccer football baseball basketball volleyball futsal 축구 야구 농구 배구 "
                   "풋살",
    "racket_sports": "tennis badminton squash pingpong tennis racket 테니스 배드민턴 스쿼시 탁구 "
                     "코트 라켓",
    "martial_arts": "taekwondo judo boxing karate jiujitsu 태권도 유도 복싱 권투 주짓수",
    "dance": "dance dancing ballet hiphop salsa choreography 춤 댄스 발레 힙합 살사 안무",
    "singing": "sing singing vocal karaoke choir 노래 보컬 노래방 합창",
    "instruments": "piano guitar violin cello drum flute ukulele 피아노 기타 바이올린 첼로 드럼 "
                   "플루트 우쿨렐레",
    "gaming": "game gamer console playstation xbox nintendo 게임 게이머 플스 엑스박스 닌텐도 "
              "스위치 스팀",
    "esports": "esports league tournament 이스포츠 롤 리그오브레전드 대회",
    "crypto": "bitcoin ethereum crypto coin wallet blockchain 비트코인 이더리움 코인 지갑 "
              "블록체인",
    "real_estate_buy": "apartment house broker viewing 아파트 매매 매물 중개사 부동산 집보기",
    # situations at home and in the neighbourhood
    "apartment_life": "apartment building neighbor neighbors upstairs downstairs noise noisy loud "
                      "stomp complaint elevator resident maintenance janitor 아파트 단지 이웃 "
                      "윗집 아랫집 옆집 층간소음 소음 시끄럽다 민원 엘리베이터 승강기 관리사무소 "
                      "관리실 경비실 경비원 입주민 주민 관리비",
    "appliances": "appliance washer dryer fridge refrigerator freezer dishwasher oven microwave "
                  "stove television tv vacuum aircon 가전 가전제품 세탁기 건조기 냉장고 냉동고 "
                  "식기세척기 식세기 오븐 전자레인지 에어컨 텔레비전 티비 청소기 가스레인지 "
                  "인덕션",
    "mood_journal": "mood feeling emotion happy sad angry anxious calm tired excited bored lonely "
                    "stressed grateful journal diary 기분 감정 행복하다 기쁘다 슬프다 우울하다 "
                    "화나다 짜증나다 불안하다 초조하다 평온하다 피곤하다 신나다 심심하다 외롭다 "
                    "일기 감사일기",
    "tutoring": "tutor tutoring lesson teach teacher student grade homework academy 과외 "
                "과외선생님 선생님 학생 과목 학년 숙제 학원 가르치다 배우다 레슨",
    "telecom": "carrier roaming sim unlimited contract bill 통신사 요금제 데이터 로밍 유심 무제한 "
               "약정 통신비 휴대폰요금 개통 해지",
}
# fmt: on
