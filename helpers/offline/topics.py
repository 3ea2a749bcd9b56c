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
             "root stem prune pruning water watering sunlight sun shade fern cactus succulent "
             "monstera orchid basil herb tomato rose tulip lily bonsai moss ivy lawn mow weed "
             "greenhouse grow species sow harvest wilt droopy "
             "식물 화분 분갈이 흙 비료 거름 씨앗 새싹 꽃 잎 뿌리 줄기 가지치기 물주기 햇빛 그늘 "
             "선인장 다육이 다육식물 몬스테라 난초 허브 바질 토마토 장미 튤립 잔디 정원 텃밭 "
             "키우다 심다 기르다 시들다 화초 식집사 수경재배",
    "laundry": "laundry wash washing washer dryer dry drying detergent softener rinse spin "
               "cycle load stain bleach iron ironing fold folding hamper wool cotton duvet "
               "blanket towel sock shirt clothes "
               "빨래 세탁 세탁기 건조 건조기 말리다 세제 섬유유연제 헹굼 탈수 얼룩 표백 다리미 "
               "다림질 개다 이불 수건 양말 옷 빨다 드라이클리닝 세탁소 코스",
    "chores": "chore chores housework household clean cleaning tidy vacuum vacuuming mop sweep "
              "dust dusting dishes dishwashing dishwasher laundry trash garbage recycling "
              "bin errand cook cooking wipe scrub "
              "집안일 가사 청소 청소기 설거지 빨래 정리 정돈 걸레 걸레질 먼지 쓰레기 분리수거 "
              "재활용 음식물쓰레기 심부름 닦다 치우다 쓸다 식기세척기",
    "cleaning": "clean cleaning cleaner vacuum mop sweep dust wipe scrub disinfect sanitize "
                "bleach sponge broom mold stain "
                "청소 청소기 걸레 먼지 닦다 소독 곰팡이 얼룩 빗자루 청소하다 치우다",
    "trash": "trash garbage rubbish waste recycling recycle bin compost dumpster pickup "
             "쓰레기 분리수거 재활용 음식물쓰레기 종량제 수거 버리다 폐기물",
    "kitchen": "kitchen cook cooking stove oven microwave fridge refrigerator freezer pan pot "
               "knife dish dishes sink kettle blender "
               "주방 부엌 냉장고 냉동실 전자레인지 오븐 가스레인지 냄비 프라이팬 칼 그릇 싱크대",
    "repair": "repair fix broken broke leak leaking plumber plumbing pipe faucet drain clog "
              "electrician wiring outlet handyman maintenance crack replace tool "
              "수리 고치다 고장 고장나다 누수 새다 배관 수도 막히다 전기 기사 교체 보수 AS",
    "utilities": "utility utilities electricity electric power gas water bill meter outage "
                 "heating internet bill "
                 "공과금 전기 전기요금 가스 가스요금 수도요금 관리비 계량기 정전 단수",
    "moving": "move moving mover relocate relocation box pack packing truck address "
              "이사 이삿짐 포장이사 이전 전입 짐 박스 주소",
    "furniture": "furniture sofa couch chair table desk bed mattress shelf closet wardrobe "
                 "drawer lamp rug curtain "
                 "가구 소파 의자 책상 침대 매트리스 선반 옷장 서랍 커튼 러그",
    "home_security": "security alarm burglar intruder break-in camera cctv doorbell lock "
                     "unlock door window sensor motion arm disarm siren guard safe "
                     "보안 경보 경보기 방범 도둑 침입 카메라 CCTV 초인종 도어락 잠그다 잠금 "
                     "현관 센서 감지 경비 사이렌 해제 무단침입",
    "smart_home": "light lamp bulb switch thermostat heater heating aircon plug outlet blind "
                  "speaker robot vacuum sensor "
                  "조명 전등 불 스위치 온도조절기 보일러 에어컨 플러그 블라인드 스피커 로봇청소기",
    "pest": "pest bug insect cockroach ant mosquito mouse mice rat termite fly exterminator "
            "벌레 해충 바퀴벌레 개미 모기 쥐 흰개미 파리 방역",
    "rent": "rent renting tenant landlord lease deposit apartment flat studio housing "
            "real estate mortgage "
            "월세 전세 세입자 집주인 임대 임차 보증금 아파트 원룸 오피스텔 부동산 매매 집",
    # food and drink
    "cooking": "cook cooking recipe ingredient bake baking boil fry grill roast chop stir "
               "simmer dish meal dinner lunch breakfast oven "
               "요리 레시피 재료 굽다 끓이다 볶다 튀기다 삶다 찌다 반찬 식사 밥",
    "groceries": "grocery groceries supermarket market produce milk egg bread rice vegetable "
                 "fruit meat fish cart "
                 "장보기 장 마트 슈퍼 시장 우유 계란 달걀 빵 쌀 채소 야채 과일 고기 생선",
    "restaurant": "restaurant dine dining dinner lunch reservation table menu waiter chef "
                  "bistro diner takeout "
                  "식당 레스토랑 맛집 외식 메뉴 예약 자리 셰프",
    "coffee": "coffee cafe latte espresso americano cappuccino barista tea "
              "커피 카페 라떼 아메리카노 에스프레소 카푸치노 바리스타 차",
    "drinks": "drink beer wine soju whiskey cocktail bar pub alcohol juice soda "
              "술 맥주 와인 소주 위스키 칵테일 바 술집 음료 주스 탄산",
    "delivery_food": "delivery deliver takeout order pizza chicken burger "
                     "배달 배달음식 포장 치킨 피자 햄버거 야식 시켜먹다",
    "diet": "diet calorie calories protein carb carbs fat sugar nutrition nutrient meal "
            "vitamin fiber sodium weight vegan vegetarian keto "
            "다이어트 칼로리 단백질 탄수화물 지방 당 영양 영양소 식단 비타민 나트륨 비건 채식",
    # health
    "sick": "sick ill illness fever cough cold flu headache sore throat pain ache nausea "
            "dizzy symptom doctor clinic hospital appointment medicine prescription nurse "
            "checkup treatment injury hurt "
            "아프다 감기 독감 열 기침 두통 목 통증 몸살 어지럽다 증상 의사 병원 진료 예약 "
            "처방 약 간호사 검진 치료 다치다 부상 콧물",
    "dental": "dentist dental tooth teeth cavity gum braces floss toothache scaling "
              "치과 이 치아 충치 잇몸 교정 치통 스케일링 사랑니",
    "eyes": "eye eyes vision glasses lens contacts optician sight "
            "눈 시력 안경 렌즈 안과 콘택트렌즈",
    "pharmacy": "pharmacy pharmacist medicine medication pill tablet dose prescription refill "
                "drug painkiller "
                "약국 약사 약 알약 복용 처방전 진통제 영양제",
    "mental": "stress anxiety anxious depressed depression mood therapy therapist counseling "
              "meditation mindfulness burnout lonely "
              "스트레스 불안 우울 우울증 기분 상담 치료 명상 번아웃 외롭다",
    "pregnancy": "pregnant pregnancy baby due midwife prenatal ultrasound "
                 "임신 임산부 출산 태아 산부인과 초음파 예정일",
    "baby": "baby infant newborn toddler diaper nappy formula bottle nursing breastfeed nap "
            "crib stroller pacifier "
            "아기 아이 신생아 기저귀 분유 젖병 모유 수유 낮잠 유모차 이유식 쪽쪽이",
    "sleep": "sleep asleep nap bed bedtime insomnia snore dream wake rest tired "
             "잠 수면 자다 낮잠 침대 불면증 코골이 꿈 깨다 피곤하다",
    "fitness": "fitness exercise workout gym run running jog walk walking step steps swim "
               "cycling bike yoga pilates weights lift squat stretch cardio marathon trainer "
               "운동 헬스 헬스장 달리기 조깅 걷기 걸음 수영 자전거 요가 필라테스 스트레칭 "
               "마라톤 트레이너 근력",
    "beauty": "hair haircut salon barber nail manicure makeup skin skincare facial spa "
              "massage perm dye "
              "머리 미용실 이발소 네일 화장 피부 마사지 스파 파마 염색 커트",
    # pets and animals
    "pet": "pet dog puppy cat kitten leash feed litter groom grooming vet "
           "vaccine vaccination flea kennel treat bark "
           "반려동물 강아지 개 고양이 산책 사료 간식 밥그릇 모래 미용 동물병원 수의사 "
           "예방접종 벼룩 목줄 짖다",
    "animals": "animal bird fish aquarium hamster rabbit turtle parrot zoo wildlife horse "
               "동물 새 물고기 어항 햄스터 토끼 거북이 앵무새 동물원 야생 말",
    # outdoors and travel
    "camping": "camp camping campsite campground tent rv cabin trailer sleeping bag campfire "
               "fire firewood bonfire stove lantern hike hiking trail park ranger outdoor "
               "wilderness backpack "
               "캠핑 캠핑장 야영 야영장 텐트 캠핑카 오두막 글램핑 침낭 모닥불 캠프파이어 불 "
               "장작 버너 랜턴 등산 산 국립공원 아웃도어 피우다 차박",
    "fire": "fire campfire bonfire burn burning flame smoke wildfire ban firewood match "
            "lighter extinguisher "
            "불 모닥불 캠프파이어 화재 산불 연기 장작 라이터 소화기 피우다 태우다 화기",
    "hiking": "hike hiking trail mountain summit climb peak trek path "
              "등산 산 둘레길 정상 오르다 등반 트레킹 산행",
    "beach": "beach sea ocean swim swimming surf surfing sand wave tide sunscreen "
             "바다 해변 해수욕장 수영 서핑 모래 파도 물때",
    "fishing": "fish fishing rod bait catch angler boat "
               "낚시 낚싯대 미끼 물고기 배",
    "ski": "ski skiing snowboard slope resort lift "
           "스키 스노보드 슬로프 리조트 리프트",
    "travel": "travel trip journey vacation holiday tour tourist itinerary passport visa "
              "luggage suitcase abroad sightseeing "
              "여행 관광 휴가 일정 여권 비자 짐 캐리어 해외 구경",
    "flight": "flight fly plane airline airport boarding gate seat layover departure arrival "
              "항공 비행기 항공편 공항 탑승 게이트 좌석 출발 도착 환승",
    "hotel": "hotel room stay night check-in checkout lodging hostel resort booking guest "
             "호텔 숙소 숙박 객실 체크인 체크아웃 리조트 펜션 게스트하우스",
    "transit": "bus subway metro train station stop line transfer fare commute "
               "버스 지하철 전철 기차 역 정류장 노선 환승 요금 출퇴근",
    "car": "car vehicle drive driving driver engine oil tire tyre brake battery odometer "
           "mileage fuel gas gasoline diesel petrol fill garage mechanic service inspection "
           "wash windshield wiper dashboard license "
           "차 자동차 차량 운전 엔진 엔진오일 오일 타이어 브레이크 배터리 주행거리 연료 "
           "기름 주유 휘발유 경유 정비 정비소 점검 세차 와이퍼 면허 카센터",
    "parking": "parking park garage lot meter spot valet "
               "주차 주차장 주차비 발렛 자리",
    "traffic": "traffic jam accident road highway toll speed ticket fine "
               "교통 정체 막히다 사고 도로 고속도로 톨게이트 과속 딱지 벌금",
    "bike": "bicycle bike cycling helmet pedal "
            "자전거 따릉이 헬멧 페달",
    # money
    "banking": "bank account balance deposit withdraw transfer atm card statement savings "
               "loan interest "
               "은행 계좌 잔액 입금 출금 이체 송금 카드 통장 적금 대출 이자",
    "insurance": "insurance insurer policy claim coverage cover covered premium deductible "
                 "accident damage theft stolen reimburse reimbursement adjuster flood "
                 "liability "
                 "보험 보험사 보험금 청구 보장 보상 보험료 자기부담금 사고 손해 도난 도둑 "
                 "파손 침수 약관 가입",
    "tax": "tax taxes refund return deduction income irs vat filing "
           "세금 환급 공제 소득 연말정산 부가세 신고 종합소득세",
    "budget": "budget expense spending spend cost saving money receipt "
              "예산 지출 가계부 쓰다 비용 절약 영수증 돈",
    "investing": "stock share invest investment portfolio fund dividend market crypto "
                 "주식 투자 포트폴리오 펀드 배당 코인 시장",
    "shopping": "shop shopping buy purchase order cart checkout store mall price discount "
                "sale coupon return refund "
                "쇼핑 사다 구매 주문 장바구니 결제 가게 매장 할인 세일 쿠폰 환불 반품",
    "shipping": "package parcel delivery shipping ship courier tracking mail post "
                "택배 소포 배송 배달 운송장 우편 우체국",
    "bills": "bill invoice payment due pay overdue subscription "
             "청구서 요금 납부 연체 구독 결제",
    # learning and culture
    "language_learning": "language vocabulary vocab word words phrase grammar flashcard quiz "
                         "lesson practice fluent pronunciation streak deck review study "
                         "english spanish japanese french korean chinese german "
                         "언어 어휘 단어 단어장 문법 퀴즈 발음 공부 학습 복습 외우다 연습 "
                         "영어 일본어 중국어 스페인어 프랑스어 독일어 회화 연속",
    "school": "school classroom homework assignment exam test quiz grade teacher "
              "student lesson course semester timetable "
              "학교 수업 숙제 과제 시험 성적 선생님 학생 학기 시간표 반",
    "university": "university college campus lecture professor major credit tuition thesis "
                  "대학 대학교 캠퍼스 강의 교수 전공 학점 등록금 논문",
    "museum": "museum gallery exhibition exhibit art painting sculpture artist collection "
              "admission ticket curator show "
              "박물관 미술관 전시 전시회 작품 그림 조각 화가 작가 관람 입장 입장권 관람권",
    "library": "library book borrow loan return due renew author novel "
               "도서관 책 대출 반납 연장 작가 소설",
    "music": "music song album artist band concert playlist singer guitar piano "
             "음악 노래 앨범 가수 밴드 콘서트 공연 플레이리스트 기타 피아노",
    "movies": "movie film cinema theater showtime actor series episode tv show "
              "영화 영화관 극장 배우 드라마 시리즈 예능",
    "games": "game gaming console play player level score "
             "게임 콘솔 플레이 레벨 점수",
    "sports": "sport sports game match team score league player coach soccer football "
              "baseball basketball tennis golf volleyball "
              "스포츠 경기 팀 점수 리그 선수 감독 축구 야구 농구 테니스 골프 배구",
    "photo": "photo photograph picture camera album selfie image snapshot "
             "사진 카메라 앨범 셀카 이미지 촬영",
    "crafts": "knit knitting sew sewing craft yarn fabric embroidery paint drawing "
              "뜨개질 바느질 공예 실 원단 자수 그림",
    "events": "event party birthday wedding celebration festival concert invitation guest "
              "ticket venue "
              "행사 파티 생일 결혼식 축하 축제 초대 손님 장소",
    "gift": "gift present wrap card birthday "
            "선물 포장 카드",
    # work and tech
    "office": "office meeting report document spreadsheet presentation slide deadline "
              "colleague manager boss "
              "사무실 회의 보고서 문서 엑셀 발표 마감 동료 팀장 상사",
    "job": "job career resume cv interview hire hiring recruit application salary position "
           "일자리 채용 취업 이직 이력서 면접 지원 연봉 직무",
    "computer": "computer laptop pc keyboard mouse monitor screen printer software install "
                "update crash virus password login account backup "
                "컴퓨터 노트북 키보드 마우스 모니터 화면 프린터 소프트웨어 설치 업데이트 "
                "바이러스 비밀번호 로그인 계정 백업",
    "internet": "internet wifi router network connection online offline slow "
                "인터넷 와이파이 공유기 네트워크 연결 느리다 끊기다",
    "phone": "phone mobile smartphone call text battery charger "
             "폰 휴대폰 핸드폰 스마트폰 전화 배터리 충전기 충전",
    "server": "server deploy deployment service outage incident log logs cpu memory disk "
              "database cluster container "
              "서버 배포 서비스 장애 로그 메모리 디스크 데이터베이스",
    # civic and life events
    "documents": "passport visa license id certificate form application permit registration "
                 "여권 비자 면허증 신분증 증명서 서류 신청서 허가 등록",
    "emergency": "emergency police ambulance fire accident injured help urgent "
                 "응급 경찰 구급차 119 112 사고 다치다 긴급",
    "weather": "weather rain snow sunny cloudy wind storm umbrella temperature forecast hot "
               "cold humid "
               "날씨 비 눈 맑다 흐리다 바람 태풍 우산 기온 예보 덥다 춥다 습하다",
    "elderly": "grandma grandpa grandmother grandfather elderly senior care nursing "
               "할머니 할아버지 어르신 노인 요양 간병",
    "childcare": "kid kids child children daycare kindergarten babysitter nanny pickup "
                 "아이 애들 어린이집 유치원 베이비시터 하원 등원",
}
# fmt: on
